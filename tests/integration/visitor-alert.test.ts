import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VISITOR_ALERT_WINDOW_MINUTES, type AnalyticsDashboard } from "#common/analytics/dashboard.ts";
import type { Database } from "#server/db/client.ts";
import { mailMessages, siteSettings } from "#server/db/schema/index.ts";
import {
  checkVisitorAlert,
  createVisitorAlertMonitor,
  VISITOR_ALERT_KEY,
  type VisitorAlertDeps,
} from "#server/features/analytics/visitor-alert.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const visit = (ip: string) =>
  t.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { "content-type": "application/json", "user-agent": FIREFOX },
    payload: JSON.stringify({ event: "page_view", page: "/", sessionId: `alert-${ip}` }),
    remoteAddress: ip,
  });

const alertMails = () =>
  t.db
    .select()
    .from(mailMessages)
    .where(sql`${mailMessages.idempotencyKey} like 'visitor-alert/%'`)
    .orderBy(asc(mailMessages.createdAt), asc(mailMessages.toAddress));
const alertDeps = (db: Database = t.db): VisitorAlertDeps => ({ db, logger: t.deps.logger, publicUrl: t.deps.config.publicUrl });
const dashboardAs = async (user: TestUser) => {
  const response = await t.inject({ method: "GET", url: "/api/analytics/dashboard?timeRange=1h", headers: user.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as AnalyticsDashboard).alert;
};
/** Moves the bookkeeping back in time, as if the last email had gone out `minutes` ago. */
const ageLastEmail = (minutes: number) =>
  t.db
    .update(siteSettings)
    .set({
      value: sql`jsonb_build_object('claimedAt', now() - make_interval(mins => ${minutes}), 'notifiedAt', now() - make_interval(mins => ${minutes}), 'recipients', 3)`,
    })
    .where(eq(siteSettings.key, VISITOR_ALERT_KEY));

describe("the visitor alert", () => {
  let admin: TestUser;

  it("emails every admin and owner, once, when two visitors arrive, from the ingest side", async () => {
    admin = await t.createUser("admin", { email: "alert-admin@example.com" });
    await t.createUser("owner", { email: "alert-owner@example.com" });
    await t.createUser("member", { email: "alert-member@example.com" });

    const quiet = await dashboardAs(admin);
    expect(quiet).toMatchObject({ active: false, uniqueVisitorsLast10Min: 0, notifiedAt: null, recipients: 0, delivery: null });

    // Together, so both land in one batch (the first batch written triggers this instance's first check).
    const responses = await Promise.all([visit("198.51.100.31"), visit("198.51.100.32")]);
    expect(responses.map((response) => response.statusCode)).toEqual([202, 202]);
    await t.services.analytics.writer.flush();
    await t.services.analytics.visitorAlert.idle();

    const mails = await alertMails();
    expect(mails.map((mail) => mail.toAddress)).toEqual(["alert-admin@example.com", "alert-owner@example.com"]);
    expect(mails[0]!.subject).toBe(`Visitor alert: 2 visitors in the last ${VISITOR_ALERT_WINDOW_MINUTES} minutes`);
    // No analytics_alert template exists yet: the built-in one, with the dashboard's address.
    expect(mails[0]!.textBody).toContain(`${t.deps.config.publicUrl}/admin/analytics`);
    expect(mails[0]!.htmlBody).toContain("People are looking");
    expect(mails.map((mail) => mail.status)).toEqual(["queued", "queued"]);
    expect(await dashboardAs(admin)).toMatchObject({ active: true, recipients: 2, delivery: "pending" });

    // The outbox (the test app's driver) keeps them: the dashboard must not call that sent.
    expect(await t.drainMail()).toBe(2);
    expect((await alertMails()).map((mail) => mail.status)).toEqual(["kept", "kept"]);
    const state = await dashboardAs(admin);
    expect(state).toMatchObject({ active: true, uniqueVisitorsLast10Min: 2, recipients: 2, delivery: "kept" });
    expect(Date.now() - Date.parse(state.notifiedAt!)).toBeLessThan(VISITOR_ALERT_WINDOW_MINUTES * 60_000);
  });

  it("sends nothing more within the hour, from this instance or any other", async () => {
    expect((await visit("198.51.100.33")).statusCode).toBe(202);
    await t.services.analytics.writer.flush();
    await t.services.analytics.visitorAlert.idle();
    // Another instance, whose own once-a-minute limit does not apply, checks too.
    expect(await checkVisitorAlert(alertDeps())).toEqual({ status: "already_notified", visitors: 3 });
    expect(await alertMails()).toHaveLength(2);
    expect((await dashboardAs(admin)).uniqueVisitorsLast10Min).toBe(3);
  });

  it("sends again after an hour, and of two instances checking at once exactly one sends", async () => {
    await ageLastEmail(61);
    const outcomes = await Promise.all([checkVisitorAlert(alertDeps()), checkVisitorAlert(alertDeps())]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["already_notified", "queued"]);
    expect(await alertMails()).toHaveLength(4);
  });

  it("claims nothing when its transaction fails, and tries again on the next check", async () => {
    await ageLastEmail(61);
    const before = await dashboardAs(admin);
    // The claim and both mails are written, then the commit fails (as when the connection drops).
    const failingCommit = Object.create(t.db, {
      transaction: {
        value: (work: (tx: unknown) => Promise<unknown>) =>
          t.db.transaction(async (tx) => {
            await work(tx);
            throw new Error("connection lost before commit");
          }),
      },
    }) as Database;
    await expect(checkVisitorAlert(alertDeps(failingCommit))).rejects.toThrow("connection lost before commit");
    // The banner still shows the last email, and no mail of the failed check is queued.
    expect((await dashboardAs(admin)).notifiedAt).toBe(before.notifiedAt);
    expect(await alertMails()).toHaveLength(4);
    await t.drainMail();

    expect(await checkVisitorAlert(alertDeps())).toMatchObject({ status: "queued", recipients: 2 });
    expect(await alertMails()).toHaveLength(6);

    // A provider that accepts one and refuses the other for good: the dashboard says they failed, never "sent".
    const latest = (await alertMails()).filter((mail) => mail.status === "queued");
    await t.db.update(mailMessages).set({ status: "sent", provider: "smtp", sentAt: new Date() }).where(eq(mailMessages.id, latest[0]!.id));
    await t.db
      .update(mailMessages)
      .set({ status: "failed", provider: "smtp", lastError: "SMTP 550: no such user" })
      .where(eq(mailMessages.id, latest[1]!.id));
    expect((await dashboardAs(admin)).delivery).toBe("failed");
    await t.db.update(mailMessages).set({ status: "sent" }).where(eq(mailMessages.id, latest[1]!.id));
    expect((await dashboardAs(admin)).delivery).toBe("sent");
  });

  it("stays quiet below two visitors", async () => {
    expect(await checkVisitorAlert(alertDeps(), new Date("2035-01-01T00:00:00Z"))).toEqual({ status: "quiet", visitors: 0 });
  });

  it("uses the admins' analytics_alert template when there is one", async () => {
    const saved = await t.inject({
      method: "POST",
      url: "/api/email/templates",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: JSON.stringify({
        type: "analytics_alert",
        name: "Our alert",
        subject: "Busy: {{ visitorCount }} in {{ timeWindow }}",
        htmlContent: '<p>Look at <a href="{{ siteUrl }}/admin/analytics">the dashboard</a>, as of {{ timestamp }}.</p>',
      }),
    });
    expect(saved.statusCode).toBe(201);
    await ageLastEmail(61);
    expect(await checkVisitorAlert(alertDeps())).toMatchObject({ status: "queued", recipients: 2 });

    const latest = (await alertMails()).slice(-2);
    expect(latest.map((mail) => mail.subject)).toEqual([
      `Busy: 3 in the last ${VISITOR_ALERT_WINDOW_MINUTES} minutes`,
      `Busy: 3 in the last ${VISITOR_ALERT_WINDOW_MINUTES} minutes`,
    ]);
    expect(latest[0]!.htmlBody).toContain(`<a href="${t.deps.config.publicUrl}/admin/analytics">the dashboard</a>`);
    expect(latest[0]!.textBody).toMatch(/^Look at the dashboard \(.+\/admin\/analytics\), as of \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
  });

  it("checks at most once a minute per instance, one check at a time", async () => {
    let now = 0;
    let checks = 0;
    let finish = () => {};
    const monitor = createVisitorAlertMonitor(alertDeps(), {
      clock: () => now,
      check: () => {
        checks += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    monitor.afterWrite();
    monitor.afterWrite();
    expect(checks).toBe(1);
    finish();
    await monitor.idle();
    now = 59_000;
    monitor.afterWrite();
    expect(checks).toBe(1);
    now = 60_000;
    monitor.afterWrite();
    expect(checks).toBe(2);
    finish();
    await monitor.idle();
  });
});
