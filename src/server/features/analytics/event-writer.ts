import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { analyticsEvents } from "#server/db/schema/analytics.ts";
import type { Logger } from "#server/infra/logger.ts";
import { insertEventsWithRollups } from "./rollups";

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

export type EventWriter = {
  /** Buffers one row; never waits on the database. False when the buffer is full: the row was not taken. */
  push(row: AnalyticsEventRow): boolean;
  /** Writes everything buffered, waiting through retries while the database is away. Never rejects. */
  flush(): Promise<void>;
  /**
   * Flushes (giving the database up to `closeTimeoutMs` to come back, then dropping what is left, logged)
   * and stops the timer; rows pushed afterwards are written at once.
   */
  close(): Promise<void>;
  /** Rows waiting to be written. */
  readonly pending: number;
};

export type EventWriterOptions = {
  insert: (rows: AnalyticsEventRow[]) => Promise<void>;
  logger: Logger;
  /** Errors that mean "the database is away": retried until it answers. Others are retried a few times, then dropped. */
  isUnavailable?: (error: unknown) => boolean;
  /** A flush starts when this many rows are buffered; each INSERT carries at most this many. */
  batchSize?: number;
  /** ...or this long after the first buffered row, whichever comes first. */
  intervalMs?: number;
  /** Past this many buffered rows (the database is down or far too slow), push() refuses new rows. */
  maxBuffered?: number;
  /** The first retry waits this long; each further one twice as long, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  closeTimeoutMs?: number;
};

/** A batch that fails for another reason than a lost database (bad data, a bug) is dropped after this many tries. */
const MAX_ATTEMPTS_OF_FAILING_BATCH = 3;

const COLUMNS = Object.entries(getTableColumns(analyticsEvents)).filter(([key]) => key !== "id") as Array<
  [keyof AnalyticsEventRow, PgColumn]
>;
const COLUMN_KEYS = COLUMNS.map(([key]) => key);
const COLUMN_NAMES = COLUMNS.map(([, column]) => column.name);
const COLUMN_LIST = sql.join(
  COLUMNS.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);
const SELECT_LIST = sql.join(
  COLUMNS.map(([key, column]) => (key === "receivedAt" ? sql`coalesce(r.received_at, now())` : sql`r.${sql.identifier(column.name)}`)),
  sql`, `,
);

/** NUL and lone surrogates: Postgres text and jsonb refuse them, and one would fail a whole batch. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what has to go.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Whether a text may hold one: almost none does, and this test is cheaper than the replacement. */
// eslint-disable-next-line no-control-regex -- as above.
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;
const storable = (value: unknown): unknown => {
  if (typeof value === "string") {
    return MAYBE_UNSTORABLE.test(value) ? value.replace(UNSTORABLE, (match) => (match === "\u0000" ? "" : "\ufffd")) : value;
  }
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key), storable(inner)]));
  }
  return value ?? null;
};

/**
 * One multi-row INSERT per batch, the same statement on node-postgres and PGlite. The rows travel as a
 * single JSON parameter that Postgres expands with json_populate_recordset, typed by the table itself:
 * building 500 rows x 23 bound parameters through Drizzle's query builder cost about 15% of the
 * server's CPU under load (npm run bench:track); serialising one JSON text costs next to nothing.
 * The same statement folds the rows into the dashboard's rollups (rollups.ts), in one transaction.
 */
export const insertAnalyticsEvents =
  (db: Database) =>
  async (rows: AnalyticsEventRow[]): Promise<void> => {
    // Indexed loops: this runs for every column of every event, and was a visible share of the beacon's CPU.
    const records = new Array<Record<string, unknown>>(rows.length);
    for (let at = 0; at < rows.length; at++) {
      const row = rows[at]!;
      const record: Record<string, unknown> = {};
      for (let column = 0; column < COLUMN_KEYS.length; column++) record[COLUMN_NAMES[column]!] = storable(row[COLUMN_KEYS[column]!]);
      records[at] = record;
    }
    await insertEventsWithRollups(
      db,
      sql`insert into ${analyticsEvents} (${COLUMN_LIST}) select ${SELECT_LIST} from json_populate_recordset(null::${analyticsEvents}, ${JSON.stringify(records)}::json) as r`,
    );
  };

/**
 * Collects enriched events and writes them in multi-row INSERTs: when `batchSize` rows are waiting or
 * `intervalMs` after the first one, whichever comes first, with at most one INSERT in flight, oldest
 * rows first. While the database is away, the rows stay buffered and the oldest batch is retried with
 * a doubling delay (250 ms up to 5 s) until it is written; when the buffer is full, push() refuses, and
 * the track route answers 503 so the client keeps the event. Analytics never takes the process down.
 * The trade-offs are written up in docs/decisions/003-visitor-counting.md.
 */
export function createEventWriter(options: EventWriterOptions): EventWriter {
  const { insert, logger } = options;
  const isUnavailable = options.isUnavailable ?? (() => false);
  const batchSize = options.batchSize ?? 500;
  const intervalMs = options.intervalMs ?? 250;
  const maxBuffered = options.maxBuffered ?? 100 * batchSize;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;

  /** Oldest first; a failed batch stays at the head until it is written, so order is kept. */
  let buffer: AnalyticsEventRow[] = [];
  /** Consecutive failures of the batch at the head of the buffer. */
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  /** While a flush waits, partial batches go out at once instead of waiting for the timer. */
  let flushing = 0;
  let closed = false;
  let refused = 0;

  const retryDelay = () => Math.min(maxRetryDelayMs, retryDelayMs * 2 ** Math.max(0, failures - 1));

  const schedule = () => {
    if (timer || inFlight || buffer.length === 0) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void pump();
      },
      failures > 0 ? retryDelay() : intervalMs,
    );
    timer.unref();
  };

  /** Writes the oldest batch; false when it failed and stays buffered for its retry. */
  const writeHead = async (): Promise<boolean> => {
    const head = buffer;
    const rows = head.slice(0, batchSize);
    try {
      await insert(rows);
    } catch (error) {
      failures += 1;
      if (!isUnavailable(error) && failures >= MAX_ATTEMPTS_OF_FAILING_BATCH) {
        head.splice(0, rows.length);
        failures = 0;
        logger.error(
          { err: error, dropped: rows.length },
          `analytics: writing events failed ${MAX_ATTEMPTS_OF_FAILING_BATCH} times; events dropped`,
        );
        return true;
      }
      if (failures === 1) {
        logger.error({ err: error, pending: buffer.length }, "analytics: writing events failed; they stay buffered and are retried");
      } else {
        logger.warn({ failures, pending: buffer.length, retryInMs: retryDelay() }, "analytics: writing events failed again; retrying");
      }
      return false;
    }
    // close() may have given up on this buffer meanwhile and started a new one.
    head.splice(0, rows.length);
    if (failures > 0) logger.warn({ failures }, "analytics: writing events works again");
    failures = 0;
    if (refused > 0) {
      logger.warn({ refused }, "analytics: the buffer was full; new events were refused with 503 meanwhile");
      refused = 0;
    }
    return true;
  };

  /** Runs the single in-flight flush: full batches back to back, partial ones when due. */
  const pump = (): Promise<void> => {
    if (inFlight) return inFlight;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    inFlight = (async () => {
      while (buffer.length > 0) {
        // After a failure, give the database the retry delay before the next attempt.
        if (!(await writeHead())) break;
        if (buffer.length < batchSize && !closed && flushing === 0) break;
      }
    })().finally(() => {
      inFlight = undefined;
      schedule();
    });
    return inFlight;
  };

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Writes until the buffer is empty; false if the deadline passed first. */
  const drain = async (deadline = Number.POSITIVE_INFINITY): Promise<boolean> => {
    flushing += 1;
    try {
      while (buffer.length > 0 || inFlight) {
        if (Date.now() >= deadline) return false;
        if (inFlight) await inFlight;
        else if (failures > 0) await sleep(Math.min(retryDelay(), deadline - Date.now()));
        // The timer may have started a write during the wait.
        if (!inFlight && buffer.length > 0) await pump();
      }
      return true;
    } finally {
      flushing -= 1;
    }
  };

  return {
    push(row) {
      if (buffer.length >= maxBuffered) {
        refused += 1;
        return false;
      }
      buffer.push(row);
      if (failures === 0 && (closed || buffer.length >= batchSize)) void pump();
      else schedule();
      return true;
    },
    async flush() {
      await drain();
    },
    async close() {
      closed = true;
      if (await drain(Date.now() + closeTimeoutMs)) return;
      logger.error({ dropped: buffer.length }, "analytics: the database did not come back before shutdown; buffered events dropped");
      buffer = [];
      clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return buffer.length;
    },
  };
}
