import { describe, expect, it } from "vitest";
import type { DailyPlan } from "#common/today/today.ts";
import { localDateAndHour, planProgress } from "#common/today/today.ts";
import {
  analyticsEvents,
  bangers,
  builders,
  experiments,
  mailMessages,
  newsletterSends,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { getAdminOverview } from "#server/features/admin/service.ts";
import { backupCheck } from "#server/features/system/service.ts";
import { backupTasks } from "#server/features/today/sources/backup-due.ts";
import { computePlan } from "#server/features/today/service.ts";
import { replaceSeoChecklist } from "#server/features/seo/service.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();

const HOUR = 60 * 60 * 1000;
const json = { "content-type": "application/json" };

const plan = async (user: TestUser, timeZone?: string) => {
  const result = await t.trpcQuery<DailyPlan>("today.plan", timeZone ? { timeZone } : undefined, user.headers);
  expect(result.status).toBe(200);
  return result.data;
};
const tick = async (user: TestUser, date: string, taskId: string, done = true) =>
  t.trpcMutation<{ date: string; completedTaskIds: string[] }>("today.setTaskDone", { date, taskId, done }, user.headers);

describe("daily plan: authorization", () => {
  it("GET /api/today/generate and POST /api/today/regenerate are admin-only", async () => {
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/today/generate" });
    await expectAdminOnlyRest(t, { method: "POST", url: "/api/today/regenerate", headers: json, payload: "{}" });
  });

  it("today.plan, today.regenerate and today.setTaskDone are admin-only", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "today.plan" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "today.regenerate" });
    // Past the gate an unknown task is a 404; the gate itself answers 401 and 403 first.
    const anonymous = await tick({ headers: {} } as unknown as TestUser, "2026-01-01", "x");
    expect(anonymous.status).toBe(401);
    const member = await t.createUser("member");
    expect((await tick(member, "2026-01-01", "x")).status).toBe(403);
  });

  it("refuses a bad time zone with a clear message", async () => {
    const admin = await t.createUser("admin");
    const response = await t.inject({ method: "GET", url: "/api/today/generate?timeZone=Mars/Olympus", headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/IANA time zone/);
  });
});

describe("daily plan: tasks from the site's state", () => {
  it("an empty site gives only its first backup and the SEO checklist's items, and a calm insight", async () => {
    const computed = await computePlan(t.db, new Date());
    expect(computed.tasks.map((task) => task.id)).toEqual([
      "backup-due",
      "seo-item-1",
      "seo-item-2",
      "seo-item-3",
      "seo-item-4",
      "seo-item-5",
    ]);
    expect(computed.insight).toBe("All quiet: a good day to build, and to write about it.");
  });

  it("reads builders, drafts, failed mail, the newsletter, new signups, SEO and visitors", async () => {
    const admin = await t.createUser("admin");
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await t.db.insert(builders).values([
      { name: "Old", email: "old@example.com", status: "pending", createdAt: ago(72 * HOUR) },
      { name: "New", email: "new@example.com", status: "pending" },
      { name: "Done", email: "done@example.com", status: "approved" },
    ]);
    const [ready] = await t.db
      .insert(bangers)
      .values([
        { type: "thread", status: "ready", title: "Ready one", metadata: { platform: "thread" }, campaign: "readyone" },
        { type: "tweet", status: "draft", title: "Draft", metadata: { platform: "tweet" }, campaign: "draftone" },
      ])
      .returning({ id: bangers.id });
    await t.db
      .insert(mailMessages)
      .values({ toAddress: "x@example.com", subject: "Hi", textBody: "Hi", status: "failed", lastError: "Invalid API key" });
    await t.db.insert(waitlistEntries).values([
      { position: 1, email: "w1@example.com", createdAt: ago(10 * 24 * HOUR), confirmedAt: ago(10 * 24 * HOUR) },
      // Not confirmed yet: a newsletter would not reach them, so the newsletter task does not count them.
      { position: 2, email: "w2@example.com", createdAt: ago(2 * HOUR) },
    ]);
    await replaceSeoChecklist(t.db, admin.user, { "1": true, "2": true, "3": true, "4": true });
    const event = (visitorId: string, at: Date) => ({
      visitorId,
      event: "page_view",
      receivedAt: at,
      page: "/",
      sessionId: `s-${visitorId}`,
    });
    await t.db
      .insert(analyticsEvents)
      .values([event("a", ago(HOUR)), event("b", ago(2 * HOUR)), event("c", ago(3 * HOUR)), event("d", ago(30 * HOUR))]);

    const computed = await computePlan(t.db, now);
    const byId = Object.fromEntries(computed.tasks.map((task) => [task.id, task]));
    expect(Object.keys(byId).sort()).toEqual(
      [
        "backup-due",
        "banger-ready-" + ready!.id,
        "builders-pending",
        "mail-failed",
        "newsletter-due",
        "seo-item-5",
        "waitlist-welcome",
      ].sort(),
    );
    expect(byId["builders-pending"]).toMatchObject({
      title: "Review 2 pending builders",
      priority: "high",
      category: "community",
      link: "/admin/builders",
    });
    expect(byId["mail-failed"]).toMatchObject({ priority: "high", category: "admin", link: "/admin/email-test" });
    expect(byId["mail-failed"]!.description).toContain("Invalid API key");
    expect(byId["banger-ready-" + ready!.id]).toMatchObject({ title: "Post “Ready one”", category: "content", link: "/admin/bangers" });
    expect(byId["waitlist-welcome"]).toMatchObject({ title: "Welcome 1 new waitlist signup", link: "/admin/waitlist" });
    expect(byId["newsletter-due"]!.description).toContain("No newsletter has gone out yet");
    expect(byId["newsletter-due"]!.description).toContain("1 person on the waitlist");
    expect(byId["seo-item-5"]).toMatchObject({ category: "marketing", priority: "medium", link: "/admin/seo-setup" });
    // High priority first.
    expect(computed.tasks.slice(0, 2).map((task) => task.priority)).toEqual(["high", "high"]);
    for (const task of computed.tasks) expect(task.estimatedTime).toMatch(/^\d+ min$/);

    expect(computed.metrics).toEqual([
      { label: "Waitlist growth", value: "+1 this week · 2 total" },
      { label: "Visitors (24 h)", value: "3 (+200% vs the day before)" },
      { label: "Pending builders", value: "2" },
      { label: "Drafts", value: "1 draft · 1 ready" },
    ]);
    expect(computed.insight).toBe("Visitors are up 200% on the day before: a good moment to post one of your 1 ready drafts.");

    // The dashboard's status banner reports the failed mail too.
    const status = await t.inject({ method: "GET", url: "/api/admin/status", headers: admin.headers });
    expect(status.json().ok).toBe(false);
    expect(status.json().checks).toContainEqual({
      name: "mailQueue",
      ok: false,
      detail: "1 failed in the last 24 h (latest: Invalid API key) · 0 waiting to send",
    });

    // A recent newsletter and everything ticked remove their tasks.
    await t.db.insert(newsletterSends).values({ templateName: "News", total: 2, createdAt: ago(3 * 24 * HOUR) });
    await replaceSeoChecklist(t.db, admin.user, { "1": true, "2": true, "3": true, "4": true, "5": true });
    const after = await computePlan(t.db, now);
    expect(after.tasks.map((task) => task.id)).not.toContain("newsletter-due");
    expect(after.tasks.some((task) => task.id.startsWith("seo-"))).toBe(false);
  });
});

describe("daily plan: experiments gone quiet", () => {
  it("asks for an update on running experiments without one for three days, and only those", async () => {
    const member = await t.createUser("member");
    const now = new Date();
    const isoDaysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR).toISOString().slice(0, 10);
    const experiment = (title: string, status: "planning" | "running", startDaysAgo: number | null) => ({
      ownerId: member.user.id,
      title,
      hypothesis: "A hypothesis",
      amount: 50,
      status,
      totalDays: 30,
      targetMetric: "signups",
      startDate: startDaysAgo === null ? null : isoDaysAgo(startDaysAgo),
    });
    await t.db
      .insert(experiments)
      .values([experiment("Quiet one", "running", 5), experiment("Just started", "running", 1), experiment("Not yet", "planning", null)]);

    const task = (await computePlan(t.db, now)).tasks.find((one) => one.id === "experiments-stale");
    expect(task).toMatchObject({ title: "Log an update: 1 running experiment quiet for 3 days", category: "building", link: "/admin/lab" });
    expect(task!.description).toContain(`"Quiet one" (${member.user.name})`);
    expect(task!.description).not.toContain("Just started");
  });
});

describe("daily plan: storage, completion and regenerate", () => {
  it("keeps the plan all day, stores marks per admin and date, and regenerate clears them", async () => {
    const ana = await t.createUser("admin", { name: "Ana Lima" });
    const bo = await t.createUser("owner", { name: "Bo" });

    const first = await plan(ana, "Europe/Paris");
    expect(first.date).toBe(localDateAndHour(new Date(), "Europe/Paris").date);
    expect(first.greeting).toMatch(/^(Good morning|Good afternoon|Good evening|Working late), Ana$/);
    expect(first.tasks.length).toBeGreaterThan(1);
    expect(first.completedTaskIds).toEqual([]);
    const [one, two] = first.tasks;

    // Stable: new state does not change a stored plan.
    await t.db.insert(builders).values({ name: "Late", email: "late@example.com", status: "pending" });
    const again = await plan(ana, "Europe/Paris");
    expect(again.generatedAt).toBe(first.generatedAt);
    expect(again.tasks).toEqual(first.tasks);

    expect((await tick(ana, first.date, one!.id)).data.completedTaskIds).toEqual([one!.id]);
    expect((await tick(ana, first.date, two!.id)).data.completedTaskIds.sort()).toEqual([one!.id, two!.id].sort());
    expect((await tick(ana, first.date, two!.id, false)).data.completedTaskIds).toEqual([one!.id]);
    expect((await plan(ana, "Europe/Paris")).completedTaskIds).toEqual([one!.id]);
    expect(
      planProgress(
        first.tasks.map((task) => task.id),
        [one!.id],
      ).done,
    ).toBe(1);

    // Another admin has a plan and marks of their own; a task of another day is not found.
    const bos = await plan(bo, "Europe/Paris");
    expect(bos.completedTaskIds).toEqual([]);
    expect(bos.tasks.map((task) => task.id)).toContain("builders-pending");
    expect((await tick(bo, "2001-01-01", one!.id)).status).toBe(404);
    expect((await tick(ana, first.date, "no-such-task")).status).toBe(404);

    // Regenerate (REST): recomputed from the current state, marks cleared.
    const response = await t.inject({
      method: "POST",
      url: "/api/today/regenerate",
      headers: { ...ana.headers, ...json },
      payload: JSON.stringify({ timeZone: "Europe/Paris" }),
    });
    expect(response.statusCode).toBe(200);
    const regenerated = response.json<DailyPlan>();
    expect(Object.keys(regenerated).sort()).toEqual(["completedTaskIds", "date", "generatedAt", "greeting", "insight", "metrics", "tasks"]);
    expect(regenerated.completedTaskIds).toEqual([]);
    expect(regenerated.tasks.map((task) => task.id)).toContain("builders-pending");
    expect((await plan(ana, "Europe/Paris")).completedTaskIds).toEqual([]);
    // Bo's marks are untouched by Ana's regenerate.
    await tick(bo, bos.date, bos.tasks[0]!.id);
    const utc = await t.inject({ method: "POST", url: "/api/today/regenerate", headers: ana.headers });
    expect((await plan(bo, "Europe/Paris")).completedTaskIds).toEqual([bos.tasks[0]!.id]);

    // GET /api/today/generate answers the stored plan (without a time zone: the UTC date's).
    const rest = await t.inject({ method: "GET", url: "/api/today/generate", headers: ana.headers });
    expect(rest.json<DailyPlan>().generatedAt).toBe(utc.json<DailyPlan>().generatedAt);
  });
});

describe("the last backup", () => {
  it("before any backup: a plan task, no date on the dashboard, and the banner says so without alarm", async () => {
    const admin = await t.createUser("admin");
    expect((await computePlan(t.db, new Date())).tasks.map((task) => task.id)).toContain("backup-due");
    expect((await getAdminOverview(t.db)).backup).toEqual({ lastBackupAt: null });
    const status = await t.inject({ method: "GET", url: "/api/admin/status", headers: admin.headers });
    expect(status.json().checks).toContainEqual({ name: "backup", ok: true, detail: "No backup yet" });
  });

  it("asks for a backup after 24 hours and the banner shows its age", () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
    expect(backupTasks(null, now)).toMatchObject([
      { id: "backup-due", priority: "high", description: "There is no backup yet.", link: "/admin/backup" },
    ]);
    expect(backupTasks(ago(2), now)).toEqual([]);
    expect(backupTasks(ago(30), now)).toMatchObject([{ description: "The last backup is more than 24 hours old." }]);
    expect(backupCheck(ago(30), now)).toEqual({ name: "backup", ok: true, detail: "Last backup 30 hours ago" });
    expect(backupCheck(ago(24 * 9), now)).toEqual({ name: "backup", ok: false, detail: "Last backup 9 days ago" });
    expect(backupCheck(null, now)).toEqual({ name: "backup", ok: true, detail: "No backup yet" });
  });
});
