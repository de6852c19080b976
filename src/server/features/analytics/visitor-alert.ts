import { eq, inArray, sql } from "drizzle-orm";
import { ADMIN_ROLES } from "#common/auth/accounts.ts";
import {
  VISITOR_ALERT_EMAIL_INTERVAL_MINUTES,
  VISITOR_ALERT_THRESHOLD,
  VISITOR_ALERT_WINDOW_MINUTES,
  type VisitorAlertDelivery,
  type VisitorAlertState,
} from "#common/analytics/dashboard.ts";
import type { TemplateData } from "#common/email-templates/templates.ts";
import type { MailStatus } from "#common/mail/mail.ts";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import { mailMessages, siteSettings, users } from "#server/db/schema/index.ts";
import type { Logger } from "#server/infra/logger.ts";
import { queueTemplatedMail } from "#server/features/email-templates/index.ts";
import { countVisitors } from "./visitor-counts";

/**
 * The visitor alert: when VISITOR_ALERT_THRESHOLD or more distinct visitors
 * were on the site in the last VISITOR_ALERT_WINDOW_MINUTES, every admin and owner gets an email, at most
 * once per VISITOR_ALERT_EMAIL_INTERVAL_MINUTES across all app instances. The ingest triggers the check
 * (after a batch is written, at most once a minute per instance), so alerts go out with nobody watching
 * the dashboard; the dashboard only reports what happened.
 *
 * Bookkeeping lives in site_settings under 'visitor_alert':
 *   claimedAt   the database time an instance took the right to send (an atomic conditional upsert, so
 *               of two instances checking at once exactly one sends);
 *   notifiedAt  the database time the emails were queued;
 *   recipients, visitorCount, mailIds: what that email was; the dashboard reads the mails' status from the queue.
 * The claim, the emails and the record are one transaction: all are written or none is (then the next
 * check, a minute later, tries again). The mail queue's worker delivers the emails, with its retries. The email
 * is the admins' analytics_alert template, or the built-in one when there is none.
 */
export const VISITOR_ALERT_KEY = "visitor_alert";
const MINUTE_MS = 60_000;
/** Per instance: at most one check per this long. A cache of "checked lately", not shared state. */
export const VISITOR_ALERT_CHECK_EVERY_MS = MINUTE_MS;

export type StoredAlert = {
  claimedAt?: string;
  notifiedAt?: string;
  recipients?: number;
  visitorCount?: number;
  mailIds?: string[];
};

/** The stored record, with the status of its mails in the queue. */
export type LastVisitorAlert = StoredAlert & { mailStatuses: MailStatus[] };

export type VisitorAlertDeps = { db: Database; logger: Logger; publicUrl: string };
export type VisitorAlertOutcome =
  | { status: "quiet"; visitors: number }
  | { status: "no_admins"; visitors: number }
  | { status: "already_notified"; visitors: number }
  | { status: "queued"; visitors: number; recipients: number };

/** Checks the last 10 minutes and, when the alert is due and this instance wins the claim, queues an email to every admin. */
export async function checkVisitorAlert(deps: VisitorAlertDeps, now: Date = new Date()): Promise<VisitorAlertOutcome> {
  const { db, logger } = deps;
  const since = new Date(now.getTime() - VISITOR_ALERT_WINDOW_MINUTES * MINUTE_MS);
  const { uniqueVisitors: visitors } = await countVisitors(db, since, now);
  if (visitors < VISITOR_ALERT_THRESHOLD) return { status: "quiet", visitors };

  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.role, [...ADMIN_ROLES]));
  if (admins.length === 0) return { status: "no_admins", visitors };

  const data = alertData(visitors, now, deps.publicUrl);
  const queued = await db.transaction(async (tx) => {
    const claimedAt = await claim(tx);
    if (!claimedAt) return false;
    const mailIds: string[] = [];
    for (const admin of admins) {
      const { id } = await queueTemplatedMail(tx, logger, {
        type: "analytics_alert",
        data,
        to: admin.email,
        idempotencyKey: `visitor-alert/${claimedAt}/${admin.email}`,
      });
      mailIds.push(id);
    }
    const record: StoredAlert = { recipients: admins.length, visitorCount: visitors, mailIds };
    await tx
      .update(siteSettings)
      .set({
        value: sql`${siteSettings.value} || jsonb_build_object('notifiedAt', now()) || ${JSON.stringify(record)}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(siteSettings.key, VISITOR_ALERT_KEY));
    return true;
  });
  if (!queued) return { status: "already_notified", visitors };
  logger.info({ visitors, recipients: admins.length }, "visitor alert: emails to the admins queued");
  return { status: "queued", visitors, recipients: admins.length };
}

/**
 * Takes the right to send: one statement that writes claimedAt = now() only when no claim is younger than
 * the interval. Postgres locks the row, so of two instances racing here exactly one gets a row back.
 */
async function claim(tx: Executor): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into ${siteSettings} as s (key, value, updated_at)
    values (${VISITOR_ALERT_KEY}, jsonb_build_object('claimedAt', now()), now())
    on conflict (key) do update
      set value = s.value || jsonb_build_object('claimedAt', now()), updated_at = now()
      where coalesce((s.value ->> 'claimedAt')::timestamptz, '-infinity') <= now() - make_interval(mins => ${VISITOR_ALERT_EMAIL_INTERVAL_MINUTES})
    returning s.value ->> 'claimedAt' as claimed_at`);
  return rowsOf<{ claimed_at: string }>(result)[0]?.claimed_at ?? null;
}

/** The analytics_alert template's variables; the admins' template (or the built-in one) makes the email of them. */
function alertData(visitorCount: number, now: Date, siteUrl: string): TemplateData {
  return {
    visitorCount,
    timeWindow: `the last ${VISITOR_ALERT_WINDOW_MINUTES} minutes`,
    timestamp: now.toISOString().replace("T", " ").slice(0, 16) + " UTC",
    siteUrl,
  };
}

/** The last email as recorded, and where its mails stand (read in parallel with the dashboard's other queries). */
export async function readLastVisitorAlert(db: Database): Promise<LastVisitorAlert> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, VISITOR_ALERT_KEY));
  const stored = (row?.value ?? {}) as StoredAlert;
  const ids = Array.isArray(stored.mailIds) ? stored.mailIds : [];
  if (ids.length === 0) return { ...stored, mailStatuses: [] };
  const mails = await db.select({ status: mailMessages.status }).from(mailMessages).where(inArray(mailMessages.id, ids));
  return { ...stored, mailStatuses: mails.map((mail) => mail.status) };
}

function deliveryOf(statuses: MailStatus[]): VisitorAlertDelivery | null {
  if (statuses.length === 0) return null;
  if (statuses.some((status) => status === "queued" || status === "sending")) return "pending";
  if (statuses.includes("failed")) return "failed";
  return statuses.every((status) => status === "kept") ? "kept" : "sent";
}

/** What the dashboard reports: the live count, and the last email exactly as recorded. */
export function visitorAlertState(stored: LastVisitorAlert, visitorsLast10Min: number): VisitorAlertState {
  const notifiedAt = typeof stored.notifiedAt === "string" ? new Date(stored.notifiedAt).toISOString() : null;
  return {
    active: visitorsLast10Min >= VISITOR_ALERT_THRESHOLD,
    uniqueVisitorsLast10Min: visitorsLast10Min,
    threshold: VISITOR_ALERT_THRESHOLD,
    windowMinutes: VISITOR_ALERT_WINDOW_MINUTES,
    notifiedAt,
    recipients: notifiedAt ? (stored.recipients ?? 0) : 0,
    delivery: notifiedAt ? deliveryOf(stored.mailStatuses) : null,
  };
}

export type VisitorAlertMonitor = {
  /** Called after each written batch: runs a check unless this instance checked within the last minute. Never throws. */
  afterWrite(): void;
  /** Runs a check now (what another instance would do), bypassing this instance's once-a-minute limit. */
  checkNow(now?: Date): Promise<VisitorAlertOutcome>;
  /** Resolves when the check in progress, if any, has finished. */
  idle(): Promise<void>;
};

type MonitorOptions = {
  /** Milliseconds now; tests move it. */
  clock?: () => number;
  /** The check to run; checkVisitorAlert by default. */
  check?: () => Promise<unknown>;
};

export function createVisitorAlertMonitor(deps: VisitorAlertDeps, options: MonitorOptions = {}): VisitorAlertMonitor {
  const clock = options.clock ?? Date.now;
  const check = options.check ?? (() => checkVisitorAlert(deps));
  let lastCheck = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  return {
    afterWrite() {
      const at = clock();
      if (running || at - lastCheck < VISITOR_ALERT_CHECK_EVERY_MS) return;
      lastCheck = at;
      running = check()
        .then(() => undefined)
        .catch((error: unknown) => deps.logger.error({ err: error }, "visitor alert: the check failed"))
        .finally(() => {
          running = undefined;
        });
    },
    checkNow: (now) => checkVisitorAlert(deps, now),
    idle: async () => {
      await running;
    },
  };
}
