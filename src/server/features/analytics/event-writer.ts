import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { analyticsEvents } from "../../db/schema/analytics";
import type { Logger } from "../../infra/logger";
import { insertEventsWithRollups } from "./rollups";

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

export type EventWriter = {
  /** Buffers one row; never waits on the database. */
  push(row: AnalyticsEventRow): void;
  /** Writes everything buffered now (and anything awaiting its retry). Never rejects. */
  flush(): Promise<void>;
  /** Flushes and stops the timer; rows pushed afterwards are written at once. */
  close(): Promise<void>;
  /** Rows waiting to be written. */
  readonly pending: number;
};

export type EventWriterOptions = {
  insert: (rows: AnalyticsEventRow[]) => Promise<void>;
  logger: Logger;
  /** A flush starts when this many rows are buffered; each INSERT carries at most this many. */
  batchSize?: number;
  /** ...or this long after the first buffered row, whichever comes first. */
  intervalMs?: number;
  /** Past this many buffered rows (the database is down or far too slow), new rows are dropped and counted. */
  maxBuffered?: number;
};

type Batch = { rows: AnalyticsEventRow[]; attempt: number };

const COLUMNS = Object.entries(getTableColumns(analyticsEvents)).filter(([key]) => key !== "id") as Array<[keyof AnalyticsEventRow, PgColumn]>;
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
const storable = (value: unknown): unknown => {
  if (typeof value === "string") return value.replace(UNSTORABLE, (match) => (match === "\u0000" ? "" : "\ufffd"));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key), storable(inner)]));
  }
  return value ?? null;
};

/**
 * One multi-row INSERT per batch, the same statement on postgres.js and PGlite. The rows travel as a
 * single JSON parameter that Postgres expands with json_populate_recordset, typed by the table itself:
 * building 500 rows x 23 bound parameters through Drizzle's query builder cost about 15% of the
 * server's CPU under load (npm run bench:track); serialising one JSON text costs next to nothing.
 * The same statement folds the rows into the dashboard's rollups (rollups.ts), in one transaction.
 */
export const insertAnalyticsEvents =
  (db: Database) =>
  async (rows: AnalyticsEventRow[]): Promise<void> => {
    const records = rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of COLUMNS) record[column.name] = storable(row[key]);
      return record;
    });
    await insertEventsWithRollups(
      db,
      sql`insert into ${analyticsEvents} (${COLUMN_LIST}) select ${SELECT_LIST} from json_populate_recordset(null::${analyticsEvents}, ${JSON.stringify(records)}::json) as r`,
    );
  };

/**
 * Collects enriched events and writes them in multi-row INSERTs: when `batchSize` rows are waiting or
 * `intervalMs` after the first one, whichever comes first, with at most one INSERT in flight. A failed
 * batch is logged and retried once on the next tick, then dropped with its count logged: analytics
 * must never take the process down. The trade-off is written up in docs/decisions/003-visitor-counting.md.
 */
export function createEventWriter(options: EventWriterOptions): EventWriter {
  const { insert, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const intervalMs = options.intervalMs ?? 250;
  const maxBuffered = options.maxBuffered ?? 100 * batchSize;

  let buffer: AnalyticsEventRow[] = [];
  const retries: Batch[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let closed = false;
  let overflowed = 0;

  const hasWork = () => buffer.length > 0 || retries.length > 0;

  const schedule = () => {
    if (timer || inFlight || !hasWork()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void pump();
    }, intervalMs);
    timer.unref();
  };

  const nextBatch = (): Batch | undefined => {
    const retry = retries.shift();
    if (retry) return retry;
    if (buffer.length === 0) return undefined;
    if (buffer.length <= batchSize) {
      const rows = buffer;
      buffer = [];
      return { rows, attempt: 0 };
    }
    return { rows: buffer.splice(0, batchSize), attempt: 0 };
  };

  /** Writes one batch; false when it failed (the batch then waits for its retry or is dropped). */
  const write = async (batch: Batch): Promise<boolean> => {
    try {
      await insert(batch.rows);
      return true;
    } catch (error) {
      if (batch.attempt === 0) {
        logger.error({ err: error, rows: batch.rows.length }, "analytics: writing events failed; retrying once");
        retries.push({ rows: batch.rows, attempt: 1 });
      } else {
        logger.error({ err: error, dropped: batch.rows.length }, "analytics: writing events failed again; events dropped");
      }
      return false;
    }
  };

  const reportOverflow = () => {
    if (overflowed === 0) return;
    logger.warn({ dropped: overflowed }, "analytics: too many events waiting to be written; new events dropped");
    overflowed = 0;
  };

  /** Runs the single in-flight flush: full batches back to back, then whatever the timer found. */
  const pump = (): Promise<void> => {
    if (inFlight) return inFlight;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    inFlight = (async () => {
      let batch = nextBatch();
      while (batch) {
        const ok = await write(batch);
        reportOverflow();
        // Keep going while full batches wait; after a failure, give the database a tick to recover.
        if (!ok && !closed) break;
        batch = retries.length > 0 || buffer.length >= batchSize || closed ? nextBatch() : undefined;
      }
    })().finally(() => {
      inFlight = undefined;
      schedule();
    });
    return inFlight;
  };

  const flush = async () => {
    // Each batch is tried at most twice, so this ends even if the database is gone.
    while (hasWork() || inFlight) {
      if (inFlight) await inFlight;
      else await pump();
    }
  };

  return {
    push(row) {
      if (buffer.length + retries.length * batchSize >= maxBuffered) {
        overflowed += 1;
        return;
      }
      buffer.push(row);
      if (closed || buffer.length >= batchSize) void pump();
      else schedule();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get pending() {
      return buffer.length + retries.reduce((sum, batch) => sum + batch.rows.length, 0);
    },
  };
}
