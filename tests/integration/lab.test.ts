import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BangerList } from "#common/bangers/bangers.ts";
import { addDays, isoDate, type Experiment, type ExperimentDetail, type LabCalendar, type LabList } from "#common/lab/lab.ts";
import { analyticsPageDays, bangers, experimentUpdates, experiments, images } from "#server/db/schema/index.ts";
import { servableImageFile } from "#server/features/images/service.ts";
import { listSharedExperimentIds, listStaleRunningExperiments } from "#server/features/lab/reads.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  owner = await t.createUser("member", { name: "Olive Owner" });
  other = await t.createUser("member");
  admin = await t.createUser("admin");
});

const today = isoDate(new Date());
const form = {
  title: "Sell a $5 template",
  hypothesis: "People pay for a ready Notion template",
  amount: 40,
  totalDays: 14,
  targetMetric: "10 sales",
  nextContent: ["Launch tweet"],
};

const create = async (user: TestUser, input: Record<string, unknown> = {}): Promise<Experiment> => {
  const result = await t.trpcMutation<{ experiment: Experiment }>("lab.create", { ...form, ...input }, user.headers);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data.experiment;
};
const move = (user: TestUser, id: string, status: string) =>
  t.trpcMutation<{ experiment: Experiment }>("lab.move", { id, status }, user.headers);
const addUpdate = (user: TestUser, experimentId: string, input: Record<string, unknown> = {}) =>
  t.trpcMutation<{ experiment: Experiment; update: { day: number } }>(
    "lab.addUpdate",
    { experimentId, note: "Posted on Reddit", spend: 5, result: 10, ...input },
    user.headers,
  );
const get = (id: string, headers: Record<string, string> = {}) => t.trpcQuery<ExperimentDetail>("lab.get", { id }, headers);

/** An experiment as stored, started `daysAgo` days ago (hand-made data for the computed figures). */
async function insertRunning(ownerId: string, daysAgo: number, values: Partial<typeof experiments.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(experiments)
    .values({
      ownerId,
      title: "Hand-made",
      hypothesis: "h",
      amount: 100,
      totalDays: 30,
      targetMetric: "m",
      status: "running",
      startDate: addDays(today, -daysAgo),
      ...values,
    })
    .returning();
  return row!;
}

describe("lab procedures: who may call", () => {
  it("lets the owner and admins manage an experiment; another member gets 404 and a signed-out caller 401", async () => {
    const calls: Array<[string, "query" | "mutation", (id: string) => unknown]> = [
      ["lab.edit", "mutation", (id) => ({ id, ...form, title: "Edited" })],
      ["lab.setVisibility", "mutation", (id) => ({ id, visibility: "private" })],
      ["lab.generateContent", "mutation", (id) => ({ id })],
    ];
    for (const [path, type, input] of calls) {
      const experiment = await create(owner);
      const call = (headers: Record<string, string>) =>
        type === "query" ? t.trpcQuery(path, input(experiment.id), headers) : t.trpcMutation(path, input(experiment.id), headers);
      expect((await call({})).status, `${path} anonymous`).toBe(401);
      const asOther = await call(other.headers);
      expect(asOther.status, `${path} other member`).toBe(404);
      expect(asOther.error?.message).toBe("Experiment not found");
      expect((await call(owner.headers)).status, `${path} owner`).toBe(200);
      expect((await call(admin.headers)).status, `${path} admin`).toBe(200);
    }
    const experiment = await create(owner);
    expect((await move({ headers: { authorization: "" } } as TestUser, experiment.id, "running")).status).toBe(401);
    expect((await move(other, experiment.id, "running")).status).toBe(404);
    expect((await move(admin, experiment.id, "running")).status).toBe(200);
    expect((await addUpdate(other, experiment.id)).status).toBe(404);
    expect((await addUpdate(owner, experiment.id)).status).toBe(200);
    expect((await addUpdate(admin, experiment.id)).status).toBe(200);
    expect((await move(other, experiment.id, "completed")).status).toBe(404);
    expect((await move(owner, experiment.id, "completed")).status).toBe(200);
    expect((await t.trpcMutation("lab.createTemplate", { id: experiment.id }, other.headers)).status).toBe(404);
    expect((await t.trpcMutation("lab.createTemplate", { id: experiment.id }, admin.headers)).status).toBe(200);
    expect((await t.trpcMutation("lab.createTemplate", { id: experiment.id })).status).toBe(401);
    for (const path of ["lab.list", "lab.calendar"])
      expect((await t.trpcQuery(path, path === "lab.list" ? undefined : { month: "2026-01" })).status).toBe(401);
  });

  it("shows a private experiment to its owner and admins only, and a shared one to anyone, read-only", async () => {
    const experiment = await create(owner);
    expect((await get(experiment.id, owner.headers)).data.access).toBe("owner");
    expect((await get(experiment.id, admin.headers)).data.access).toBe("admin");
    expect((await get(experiment.id, other.headers)).status).toBe(404);
    expect((await get(experiment.id)).status).toBe(404);
    expect((await get(randomUUID(), owner.headers)).status).toBe(404);
    expect((await get("not-an-id")).status).toBe(400);

    await t.trpcMutation("lab.setVisibility", { id: experiment.id, visibility: "shared" }, owner.headers);
    await t.trpcMutation("lab.generateContent", { id: experiment.id }, owner.headers);
    const asVisitor = await get(experiment.id);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.data).toMatchObject({ access: "reader", content: [], experiment: { title: form.title, ownerName: "Olive Owner" } });
    expect((await get(experiment.id, other.headers)).data.access).toBe("reader");
    // Reading is not managing.
    expect((await t.trpcMutation("lab.setVisibility", { id: experiment.id, visibility: "private" }, other.headers)).status).toBe(404);
  });
});

describe("experiments", () => {
  it("creates a private planning experiment from the form, and refuses amounts that are not whole dollars up to $100", async () => {
    const experiment = await create(owner, { title: "  Trimmed  ", targetAmount: "", nextContent: ["A", "", "A", "B"] });
    expect(experiment).toMatchObject({
      title: "Trimmed",
      status: "planning",
      visibility: "private",
      day: null,
      startDate: null,
      spent: 0,
      currentResult: null,
      targetAmount: null,
      nextContent: ["A", "B"],
    });

    const over = await t.trpcMutation("lab.create", { ...form, amount: 101 }, owner.headers);
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe("Investment amount must be whole dollars from $1 to $100");
    const fraction = await t.trpcMutation("lab.create", { ...form, amount: "2.5" }, owner.headers);
    expect(fraction.error?.message).toBe("Investment amount must be a whole number");
    expect((await t.trpcMutation("lab.create", { ...form, title: " " }, owner.headers)).error?.message).toBe("Title is required");
    expect((await t.trpcMutation("lab.create", { ...form, totalDays: 0 }, owner.headers)).error?.message).toBe(
      "Duration must be from 1 to 365 days",
    );
  });

  it("moves planning -> running (start date today) -> completed, and refuses every other move", async () => {
    const experiment = await create(owner);
    expect((await move(owner, experiment.id, "completed")).error?.message).toBe("An experiment cannot move from planning to completed");
    expect((await move(owner, experiment.id, "planning")).status).toBe(400);
    const running = await move(owner, experiment.id, "running");
    expect(running.data.experiment).toMatchObject({ status: "running", startDate: today, day: 1, completedOn: null });
    expect((await move(owner, experiment.id, "running")).status).toBe(400);
    expect((await move(owner, experiment.id, "planning")).error?.message).toBe("An experiment cannot move from running to planning");
    const completed = await move(owner, experiment.id, "completed");
    expect(completed.data.experiment).toMatchObject({ status: "completed", completedOn: today, day: 1 });
    expect((await move(owner, experiment.id, "running")).status).toBe(400);
    expect((await move(owner, experiment.id, "bogus")).status).toBe(400);
  });

  it("logs updates only while running, keeps spends within the investment, and computes the day", async () => {
    const experiment = await create(owner);
    expect((await addUpdate(owner, experiment.id)).error?.message).toBe("Start the experiment before adding updates");
    const [row] = await t.db
      .update(experiments)
      .set({ status: "running", startDate: addDays(today, -4) })
      .where(eq(experiments.id, experiment.id))
      .returning();
    expect(row).toBeDefined();
    const first = await addUpdate(owner, experiment.id, { spend: 30, result: -5, attempts: 2 });
    expect(first.data.update.day).toBe(5);
    expect(first.data.experiment).toMatchObject({ day: 5, spent: 30, currentResult: -5, fundingAttempts: 2, updateCount: 1 });
    const over = await addUpdate(owner, experiment.id, { spend: 11 });
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe("Spend would take the total to $41, over the $40 invested ($10 left)");
    expect((await addUpdate(owner, experiment.id, { note: "" })).error?.message).toBe("Note is required");
    expect((await addUpdate(owner, experiment.id, { spend: "1.5" })).error?.message).toBe("Spend must be a whole number");
    const second = await addUpdate(owner, experiment.id, { spend: 10, result: 25, attempts: "" });
    expect(second.data.experiment).toMatchObject({ spent: 40, currentResult: 25, fundingAttempts: 2, updateCount: 2 });
    const detail = await get(experiment.id, owner.headers);
    expect(detail.data.updates.map((update) => [update.day, update.spend, update.result])).toEqual([
      [5, 30, -5],
      [5, 10, 25],
    ]);
    await move(owner, experiment.id, "completed");
    expect((await addUpdate(owner, experiment.id, { spend: 0 })).error?.message).toBe("This experiment is completed: its log is closed");
  });

  it("generates linked content drafts in the bangers, and makes a template of a completed experiment only", async () => {
    const experiment = await create(owner, { title: "Cold emails" });
    await move(owner, experiment.id, "running");
    await addUpdate(owner, experiment.id, { note: "Sent 20 emails\nsecond line", spend: 3, result: 12 });
    const generated = await t.trpcMutation<{ content: Array<{ type: string; plannedFor: string; status: string }> }>(
      "lab.generateContent",
      { id: experiment.id },
      owner.headers,
    );
    expect(generated.data.content.map((item) => item.type).sort()).toEqual(["linkedin", "thread", "tweet"]);
    expect(generated.data.content.every((item) => item.status === "draft" && item.plannedFor > today)).toBe(true);
    const rows = await t.db.select().from(bangers).where(eq(bangers.experimentId, experiment.id));
    expect(rows).toHaveLength(3);
    const tweet = rows.find((row) => row.type === "tweet")!;
    expect(tweet.content).toContain("Hypothesis: People pay for a ready Notion template");
    expect(tweet.content).toContain("Result so far: +$12, $3 of $40 spent.");
    expect(rows.find((row) => row.type === "thread")!.content).toContain("Day 1: Sent 20 emails (spent $3, result +$12)");
    const adminList = await t.trpcQuery<BangerList>("bangers.list", {}, admin.headers);
    expect(adminList.data.bangers.filter((banger) => banger.title.startsWith("Cold emails")).length).toBe(3);
    // Each draft fits its platform as generated: it can be marked ready at once.
    for (const row of rows)
      expect((await t.trpcMutation("bangers.setStatus", { id: row.id, status: "ready" }, admin.headers)).status).toBe(200);

    expect((await t.trpcMutation("lab.createTemplate", { id: experiment.id }, owner.headers)).error?.message).toBe(
      "Only a completed experiment can become a template",
    );
    await move(owner, experiment.id, "completed");
    const template = await t.trpcMutation<{ experiment: Experiment }>("lab.createTemplate", { id: experiment.id }, owner.headers);
    expect(template.data.experiment).toMatchObject({
      title: "Cold emails (template)",
      status: "planning",
      hypothesis: form.hypothesis,
      amount: 40,
      totalDays: 14,
      updateCount: 0,
      visibility: "private",
    });
  });
});

describe("computed figures", () => {
  it("computes the list's stats, the community and the calendar from hand-made data", async () => {
    const member = await t.createUser("member");
    const neighbour = await t.createUser("member", { name: "Nina" });
    const running = await insertRunning(member.user.id, 9, { visibility: "shared" });
    const runningToo = await insertRunning(member.user.id, 0);
    const done = await insertRunning(member.user.id, 20, { status: "completed", completedOn: addDays(today, -2), totalDays: 10 });
    await t.db
      .insert(experiments)
      .values({ ownerId: member.user.id, title: "Planned", hypothesis: "h", amount: 10, totalDays: 5, targetMetric: "m" });
    const others = await insertRunning(neighbour.user.id, 1, { visibility: "shared", title: "Nina's" });
    await insertRunning(neighbour.user.id, 1, { title: "Nina's private" });
    await t.db.insert(experimentUpdates).values([
      { experimentId: running.id, note: "a", spend: 12, result: 5, attempts: 1, createdAt: new Date(Date.now() - 2 * 86_400_000) },
      { experimentId: running.id, note: "b", spend: 8, result: -3, attempts: 0, createdAt: new Date() },
      { experimentId: done.id, note: "c", spend: 50, result: 70, attempts: 4 },
      { experimentId: others.id, note: "not mine", spend: 99, result: 1 },
    ]);
    const [image] = await t.db
      .insert(images)
      .values({
        ownerId: member.user.id,
        experimentId: running.id,
        originalName: "a.png",
        fullKey: "k1",
        thumbnailKey: "k2",
        contentType: "image/webp",
        fullBytes: 1,
        thumbnailBytes: 1,
        width: 1,
        height: 1,
      })
      .returning();
    const day = new Date(`${today}T00:00:00Z`);
    const yesterday = new Date(day.getTime() - 86_400_000);
    await t.db.insert(analyticsPageDays).values([
      { day, page: `/lab/${running.id}`, views: 7 },
      { day: yesterday, page: `/lab/${running.id}`, views: 3 },
      { day, page: `/lab/image/${image!.id}`, views: 5 },
      { day, page: `/lab/${others.id}`, views: 100 },
      { day, page: "/lab", views: 50 },
    ]);

    const list = await t.trpcQuery<LabList>("lab.list", undefined, member.headers);
    expect(list.data.stats).toEqual({ activeExperiments: 2, contentViews: 15, totalInvested: 70 });
    const byId = new Map(list.data.experiments.map((experiment) => [experiment.id, experiment]));
    expect(byId.get(running.id)).toMatchObject({ day: 10, spent: 20, currentResult: -3, fundingAttempts: 1 });
    expect(byId.get(runningToo.id)).toMatchObject({ day: 1, spent: 0, currentResult: null });
    expect(byId.get(done.id)).toMatchObject({ day: 19, currentResult: 70 });
    expect(list.data.community.map((experiment) => experiment.title)).toContain("Nina's");
    expect(list.data.community.map((experiment) => experiment.title)).not.toContain("Nina's private");
    expect(list.data.community.every((experiment) => experiment.id !== running.id)).toBe(true);

    // The image of a shared experiment is open to anyone; unshared, only to its owner.
    expect(await servableImageFile(t.db, image!.id, "full", async () => null)).toEqual({ key: "k1", shared: true });
    await t.db.update(experiments).set({ visibility: "private" }).where(eq(experiments.id, running.id));
    expect(await servableImageFile(t.db, image!.id, "full", async () => null)).toBeNull();

    const month = today.slice(0, 7);
    const calendar = await t.trpcQuery<LabCalendar>("lab.calendar", { month }, member.headers);
    const kinds = calendar.data.items.map(
      (item) =>
        `${item.kind}:${item.experimentId === running.id ? "running" : item.experimentId === done.id ? "done" : "other"}:${item.date}`,
    );
    expect(kinds).toContain(`update:running:${today}`);
    expect(kinds).toContain(`start:other:${today}`);
    if (addDays(today, -2).startsWith(month)) expect(kinds).toContain(`end:done:${addDays(today, -2)}`);
    expect(calendar.data.items.every((item) => item.date.startsWith(month))).toBe(true);
    expect(calendar.data.items.some((item) => item.label.includes("Nina"))).toBe(false);
    expect((await t.trpcQuery("lab.calendar", { month: "2026-13" }, member.headers)).error?.message).toBe("Month must look like 2026-01");
  });

  it("lists running experiments with a quiet log for the daily plan, and shared ones for the sitemap", async () => {
    const member = await t.createUser("member");
    const quiet = await insertRunning(member.user.id, 10, { title: "Quiet" });
    const busy = await insertRunning(member.user.id, 10, { title: "Busy" });
    const fresh = await insertRunning(member.user.id, 1, { title: "Fresh", visibility: "shared" });
    await t.db.insert(experimentUpdates).values([
      { experimentId: quiet.id, note: "old", spend: 1, result: 0, createdAt: new Date(Date.now() - 5 * 86_400_000) },
      { experimentId: busy.id, note: "new", spend: 1, result: 0, createdAt: new Date(Date.now() - 86_400_000) },
    ]);
    const stale = (await listStaleRunningExperiments(t.db, new Date())).filter((row) => row.owner.id === member.user.id);
    expect(stale.map((row) => row.title)).toEqual(["Quiet"]);
    expect(stale[0]).toMatchObject({ id: quiet.id, owner: { email: member.user.email }, lastUpdateAt: expect.any(String) });
    expect((await listStaleRunningExperiments(t.db, new Date(), 0)).map((row) => row.id)).toEqual(
      expect.arrayContaining([quiet.id, busy.id, fresh.id]),
    );
    const shared = await listSharedExperimentIds(t.db);
    expect(shared.find((row) => row.id === fresh.id)?.updatedAt).toBeInstanceOf(Date);
    expect(shared.some((row) => row.id === quiet.id)).toBe(false);
  });
});
