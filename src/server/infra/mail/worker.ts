import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { rowsOf, type Database } from "#server/db/client.ts";
import { isDatabasePoolExhausted, isDatabaseUnavailable } from "#server/db/errors.ts";
import { mailMessages, type MailMessageRow } from "#server/db/schema/index.ts";
import type { Logger } from "#server/infra/logger.ts";
import { toDeliveryError, type DeliveryError, type MailDriver } from "./driver";
import { announceMailSettled, onMailQueued } from "./queue";

export type MailWorkerOptions = {
  /** Messages claimed at once; they are delivered concurrently (the SMTP pool bounds its connections). */
  batchSize?: number;
  /** How often an idle worker looks for due messages that no in-process signal announced. */
  pollIntervalMs?: number;
  /** How long a claim lasts: a worker that has not finished by then is presumed dead, and the message is retried. */
  leaseMs?: number;
  /** Attempts before a message that keeps failing transiently is `failed`. */
  maxAttempts?: number;
  /** The wait after the first failure; it doubles with each attempt, up to retryMaxMs, give or take 20%. */
  retryBaseMs?: number;
  retryMaxMs?: number;
};

export type MailWorker = {
  /** Starts polling and listening for newly queued mail. */
  start(): void;
  /** Stops taking work and waits for the batch in progress. */
  stop(): Promise<void>;
  /** Delivers what is due until nothing is (tests, scripts); returns how many messages it settled or rescheduled. */
  drain(): Promise<number>;
};

const DEFAULTS: Required<MailWorkerOptions> = {
  batchSize: 50,
  pollIntervalMs: 1_000,
  leaseMs: 2 * 60_000,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
};
/** After a `queued` signal, wait this long so that a burst of mail (or the caller's transaction commit) is one pass. */
const WAKE_DELAY_MS = 5;

type Claimed = Pick<MailMessageRow, "id" | "attempts" | "fromAddress" | "toAddress" | "subject" | "textBody" | "htmlBody" | "headers">;
type Attempted = { message: Claimed; providerMessageId: string } | { message: Claimed; error: DeliveryError };

/**
 * Delivers the mail queue (docs/decisions/011-mail-queue.md). Each pass claims due messages in one short
 * statement (FOR UPDATE SKIP LOCKED, so workers in any number of instances never take the same message),
 * delivers them outside any transaction, and records each result. The attempt number doubles as the claim's
 * token: a worker whose claim expired and was taken over cannot overwrite the newer attempt's result.
 */
export function createMailWorker(
  deps: { db: Database; driver: MailDriver; logger: Logger; defaultFrom: string },
  options: MailWorkerOptions = {},
): MailWorker {
  const settings = { ...DEFAULTS, ...options };
  const { db, driver, logger } = deps;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;
  let databaseAway = false;
  let unsubscribe = () => {};

  async function claim(): Promise<Claimed[]> {
    const due = db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(inArray(mailMessages.status, ["queued", "sending"]), lte(mailMessages.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailMessages.nextAttemptAt))
      .limit(settings.batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(mailMessages)
      .set({
        status: "sending",
        attempts: sql`${mailMessages.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${settings.leaseMs / 1000})`,
      })
      .where(inArray(mailMessages.id, due))
      .returning({
        id: mailMessages.id,
        attempts: mailMessages.attempts,
        fromAddress: mailMessages.fromAddress,
        toAddress: mailMessages.toAddress,
        subject: mailMessages.subject,
        textBody: mailMessages.textBody,
        htmlBody: mailMessages.htmlBody,
        headers: mailMessages.headers,
      });
  }

  /** A claim that expired on the last allowed attempt (its worker died each time) ends here instead of looping. */
  async function failAbandoned(): Promise<void> {
    await db
      .update(mailMessages)
      .set({
        status: "failed",
        lastError: sql`coalesce(${mailMessages.lastError} || '; ', '') || 'the worker stopped during the last attempt'`,
      })
      .where(
        and(
          eq(mailMessages.status, "sending"),
          lte(mailMessages.nextAttemptAt, sql`now()`),
          gte(mailMessages.attempts, settings.maxAttempts),
        ),
      );
  }

  const ours = (message: Claimed) =>
    and(eq(mailMessages.id, message.id), eq(mailMessages.status, "sending"), eq(mailMessages.attempts, message.attempts));

  async function attempt(message: Claimed): Promise<Attempted> {
    try {
      const { providerMessageId } = await driver.deliver({
        id: message.id,
        from: message.fromAddress ?? deps.defaultFrom,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        ...(message.htmlBody ? { html: message.htmlBody } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      return { message, providerMessageId };
    } catch (thrown) {
      return { message, error: toDeliveryError(thrown) };
    }
  }

  /** One statement for the whole batch's successes: at newsletter volume, a statement per message is the bottleneck. */
  async function recordSent(sent: Array<{ message: Claimed; providerMessageId: string }>): Promise<void> {
    if (sent.length === 0) return;
    const rows = sent.map(({ message, providerMessageId }) => ({
      id: message.id,
      attempts: message.attempts,
      provider_message_id: providerMessageId,
    }));
    const result = await db.execute(sql`
      update ${mailMessages} as m
      set status = ${driver.delivers ? "sent" : "kept"}::mail_status, provider = ${driver.provider}, provider_message_id = x.provider_message_id,
          sent_at = now(), last_error = null
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, attempts int, provider_message_id text)
      where m.id = x.id and m.status = 'sending' and m.attempts = x.attempts
      returning m.id`);
    const recorded = new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
    for (const { message } of sent) {
      if (!recorded.has(message.id))
        logger.warn(
          { mailId: message.id },
          "mail: delivered after its claim expired; another worker may deliver it again (raise the lease)",
        );
    }
  }

  async function recordFailure(message: Claimed, error: DeliveryError): Promise<void> {
    const final = !error.transient || message.attempts >= settings.maxAttempts;
    if (final) {
      await db.update(mailMessages).set({ status: "failed", provider: driver.provider, lastError: error.message }).where(ours(message));
      logger.warn({ mailId: message.id, attempts: message.attempts, reason: error.message }, "mail: failed for good");
      return;
    }
    const delayMs = retryDelayMs(message.attempts, settings.retryBaseMs, settings.retryMaxMs);
    await db
      .update(mailMessages)
      .set({
        status: "queued",
        provider: driver.provider,
        lastError: error.message,
        nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      })
      .where(ours(message));
    logger.warn(
      { mailId: message.id, attempts: message.attempts, retryInMs: Math.round(delayMs), reason: error.message },
      "mail: delivery failed, will retry",
    );
  }

  /** One claim, its deliveries and their results; returns how many messages it claimed. */
  async function pass(): Promise<number> {
    await failAbandoned();
    const claimed = await claim();
    const attempts = await Promise.all(claimed.map(attempt));
    await recordSent(attempts.filter((a): a is Extract<Attempted, { providerMessageId: string }> => "providerMessageId" in a));
    for (const a of attempts) if ("error" in a) await recordFailure(a.message, a.error);
    for (const message of claimed) announceMailSettled(message.id);
    return claimed.length;
  }

  /**
   * Passes until one claims less than a full batch. A database outage is reported once (not at every poll)
   * and waited out; the claims it interrupted expire and are retried.
   */
  async function runUntilIdle(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopping && (await pass()) === settings.batchSize);
        if (databaseAway) logger.info("mail worker: the database is reachable again");
        databaseAway = false;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) logger.error({ err: error }, "mail worker: a pass failed");
        else if (!databaseAway) {
          // An exhausted pool times out like a lost database, but the cause and the cure differ.
          const what = isDatabasePoolExhausted(error) ? "database pool exhausted (every connection busy)" : "the database is unreachable";
          logger.warn({ err: error }, `mail worker: ${what}; trying again at each poll`);
        }
        databaseAway ||= isDatabaseUnavailable(error);
        return;
      }
    } while (again && !stopping);
  }

  function run(): void {
    if (stopping) return;
    if (current) {
      again = true;
      return;
    }
    current = runUntilIdle().finally(() => {
      current = undefined;
    });
  }

  function schedulePoll(): void {
    if (stopping) return;
    timer = setTimeout(() => {
      run();
      schedulePoll();
    }, settings.pollIntervalMs);
    timer.unref();
  }

  let wakeTimer: NodeJS.Timeout | undefined;
  const wake = () => {
    if (wakeTimer || stopping) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      run();
    }, WAKE_DELAY_MS);
  };

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = onMailQueued(wake);
      schedulePoll();
      run();
    },
    async stop() {
      stopping = true;
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(wakeTimer);
      await current;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await pass();
        total += claimed;
        if (claimed === 0) return total;
      }
    },
  };
}

/** Exponential backoff with jitter, so messages that failed together do not all come back together. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** (attempts - 1));
  return exponential * (0.8 + Math.random() * 0.4);
}
