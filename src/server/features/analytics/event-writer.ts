import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { analyticsEvents } from "#server/db/schema/analytics.ts";
import type { Logger } from "#server/infra/logger.ts";
import { eventsWithRollupsWriter } from "./rollups";

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

export type EventWriter<Row> = {
  /** Buffers one row; never waits on the database. False when the buffer is full: the row was not taken. */
  push(row: Row): boolean;
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

export type EventWriterOptions<Row> = {
  insert: (rows: Row[]) => Promise<void>;
  logger: Logger;
  /** Errors that mean "the database is away": retried until it answers. Others are retried a few times, then dropped. */
  isUnavailable?: (error: unknown) => boolean;
  /** A flush starts when this many rows are buffered; each INSERT carries at most this many. */
  batchSize?: number;
  /**
   * ...or when the buffered rows add up to this size, as `sizeOf` measures them (unset: rows only). While the
   * database keeps up, batches then stay about this large; when it falls behind, they grow up to `batchSize` rows.
   */
  flushAtSize?: number;
  sizeOf?: (row: Row) => number;
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
const COLUMN_LIST = sql.join(
  COLUMNS.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);
/** A serialized row's fields, by the row's own (camelCase) keys, with the table's types. */
const RECORD_DEFINITION = sql.join(
  COLUMNS.map(([key, column]) => sql`${sql.identifier(key)} ${sql.raw(column.getSQLType())}`),
  sql`, `,
);
const SELECT_LIST = sql.join(
  COLUMNS.map(([key]) => (key === "receivedAt" ? sql`coalesce(r."receivedAt", now())` : sql`r.${sql.identifier(key)}`)),
  sql`, `,
);

/** NUL and lone surrogates: Postgres text and jsonb refuse them, and one would fail a whole batch. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what has to go.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * How JSON.stringify writes either: NUL as \u0000 and a lone surrogate as its escape (a paired one is written
 * as it is). Almost no row has one, and testing the serialized text is cheaper than walking every value.
 */
const UNSTORABLE_IN_JSON = /\\u0000|\\ud[89a-f]/i;
const storable = (value: unknown): unknown => {
  if (typeof value === "string") return value.replace(UNSTORABLE, (match) => (match === "\u0000" ? "" : "\ufffd"));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key), storable(inner)]));
  }
  return value;
};

/**
 * One event as the writer keeps it until its batch is written: JSON text, made once when the event is
 * buffered. The beacon's rows then die young instead of surviving in the buffer as objects of 25 fields
 * (the garbage collector copied them at every young-generation collection), and a batch is its rows
 * joined, with no per-column copy.
 */
export function serializeEventRow(row: AnalyticsEventRow): string {
  // Only the fields that hold a value: the batch's json_to_recordset reads a missing key as NULL, as it reads null,
  // and a page view leaves about half of its 25 columns empty (419 characters of JSON instead of 592 for the
  // benchmark's, 1.7 to 1.9 µs a row instead of 2.0 to 2.1). The times as ISO text: JSON.stringify leaves its fast
  // path at any value with a toJSON, and a row with two Dates took 5 µs instead of 2.
  const plain: Record<string, unknown> = {};
  for (const key in row) {
    const value = row[key as keyof AnalyticsEventRow];
    if (value !== null && value !== undefined) plain[key] = value instanceof Date ? value.toISOString() : value;
  }
  const text = JSON.stringify(plain);
  return UNSTORABLE_IN_JSON.test(text) ? JSON.stringify(storable(plain)) : text;
}

/**
 * One multi-row INSERT per batch, the same statement on node-postgres and PGlite. The rows travel as a
 * single JSON parameter that Postgres expands with json_to_recordset, typed by the table's own columns:
 * building 500 rows x 23 bound parameters through Drizzle's query builder cost about 15% of the
 * server's CPU under load (npm run bench:track); joining serialized rows costs next to nothing.
 * The brackets are added in SQL: wrapping the joined text in JavaScript makes a rope that the driver then
 * copies into one more string as large as the batch (2.9 instead of 5.9 ms for 500 rows).
 * The same statement folds the rows into the dashboard's rollups (rollups.ts), in one transaction.
 */
const writeBatch = eventsWithRollupsWriter(
  sql`insert into ${analyticsEvents} (${COLUMN_LIST}) select ${SELECT_LIST} from json_to_recordset(('[' || ${sql.placeholder("rows")}::text || ']')::json) as r(${RECORD_DEFINITION})`,
);

export const insertSerializedEvents =
  (db: Database) =>
  (rows: string[]): Promise<void> =>
    writeBatch(db, { rows: rows.join(",") });

/** Inserts rows as the writer does (the benchmark's loader and tests that write events directly). */
export const insertAnalyticsEvents = (db: Database) => {
  const insert = insertSerializedEvents(db);
  return (rows: AnalyticsEventRow[]): Promise<void> => insert(rows.map(serializeEventRow));
};

/**
 * Collects enriched events and writes them in multi-row INSERTs: when `batchSize` rows (or `flushAtSize`)
 * are waiting or `intervalMs` after the first one, whichever comes first, with at most one INSERT in flight, oldest
 * rows first. While the database is away, the rows stay buffered and the oldest batch is retried with
 * a doubling delay (250 ms up to 5 s) until it is written; when the buffer is full, push() refuses, and
 * the track route answers 503 so the client keeps the event. Analytics never takes the process down.
 * The trade-offs are written up in docs/decisions/003-visitor-counting.md.
 */
export function createEventWriter<Row>(options: EventWriterOptions<Row>): EventWriter<Row> {
  const { insert, logger } = options;
  const isUnavailable = options.isUnavailable ?? (() => false);
  const batchSize = options.batchSize ?? 500;
  const { flushAtSize = Number.POSITIVE_INFINITY, sizeOf = () => 0 } = options;
  const intervalMs = options.intervalMs ?? 250;
  const maxBuffered = options.maxBuffered ?? 100 * batchSize;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;

  /** Oldest first; a failed batch stays at the head until it is written, so order is kept. */
  let buffer: Row[] = [];
  /** The buffered rows' total size, by `sizeOf`. */
  let bufferedSize = 0;
  /** Consecutive failures of the batch at the head of the buffer. */
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  /** While a flush waits, partial batches go out at once instead of waiting for the timer. */
  let flushing = 0;
  let closed = false;
  let refused = 0;

  /** Whether enough is buffered for a write to start now rather than at the timer. */
  const due = () => buffer.length >= batchSize || bufferedSize >= flushAtSize;

  /** Takes a written (or dropped) batch off the head of the buffer it came from. */
  const remove = (head: Row[], rows: Row[]) => {
    head.splice(0, rows.length);
    // close() may have given up on this buffer meanwhile and started a new one.
    if (head === buffer) for (const row of rows) bufferedSize -= sizeOf(row);
  };

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
        remove(head, rows);
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
    remove(head, rows);
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
        if (!due() && !closed && flushing === 0) break;
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
      bufferedSize += sizeOf(row);
      if (failures === 0 && (closed || due())) void pump();
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
      bufferedSize = 0;
      clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return buffer.length;
    },
  };
}
