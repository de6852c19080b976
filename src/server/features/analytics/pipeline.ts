import type { Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { isDatabaseUnavailable } from "#server/db/errors.ts";
import type { Logger } from "#server/infra/logger.ts";
import { createEventWriter, insertSerializedEvents, serializeEventRow, type AnalyticsEventRow, type EventWriter } from "./event-writer";
import { ensureRollups } from "./rollups";
import { createVisitorAlertMonitor, type VisitorAlertMonitor } from "./visitor-alert";

/**
 * Where tracked events go: the buffered writer, and the visitor alert it checks after each batch.
 * `start` backfills the dashboard's rollups once; `stop` writes what is buffered and waits for the check.
 */
export type AnalyticsPipeline = {
  writer: EventWriter<AnalyticsEventRow>;
  visitorAlert: VisitorAlertMonitor;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A batch's text (the rows' JSON, 700 to 900 characters each in the benchmark) is copied into a few buffers on
 * its way to the database. Above 128 KB each of those is fresh memory from the system (`npm start` fixes glibc's
 * mmap threshold there, and V8 gives strings that large pages of their own), and touching fresh pages costs more
 * than the copy: joining and serialising a batch took 5.7 µs a row in batches of 500, against 2.1 µs in batches
 * of 150 (alone in a loop, with the production flags). So while the database keeps up, a batch goes out at about
 * 96 K characters; when it falls behind, at the writer's full 500 rows.
 */
const FLUSH_AT_JSON_LENGTH = 96 * 1024;

export function createAnalyticsPipeline(deps: { config: Config; database: DatabaseHandle; logger: Logger }): AnalyticsPipeline {
  const { db } = deps.database;
  const persist = deps.config.analyticsPersist;
  const visitorAlert = createVisitorAlertMonitor({ db, logger: deps.logger, publicUrl: deps.config.publicUrl });
  const insert = insertSerializedEvents(db);
  // The buffer holds each event as the JSON text the batch's INSERT reads (serializeEventRow).
  const buffered = createEventWriter<string>({
    insert: persist
      ? async (rows) => {
          await insert(rows);
          // The visitor alert is checked from the ingest side, so it fires with nobody watching the dashboard.
          visitorAlert.afterWrite();
        }
      : async () => {},
    logger: deps.logger,
    isUnavailable: isDatabaseUnavailable,
    flushAtSize: FLUSH_AT_JSON_LENGTH,
    sizeOf: (json) => json.length,
  });
  const writer: EventWriter<AnalyticsEventRow> = {
    push: (row) => buffered.push(serializeEventRow(row)),
    flush: () => buffered.flush(),
    close: () => buffered.close(),
    get pending() {
      return buffered.pending;
    },
  };
  return {
    writer,
    visitorAlert,
    async start() {
      if (!persist) deps.logger.warn("ANALYTICS_PERSIST is off: analytics events are validated and enriched, then discarded");
      else if (await ensureRollups(db)) deps.logger.info("analytics: built the dashboard rollups from the stored events");
    },
    async stop() {
      await writer.close();
      await visitorAlert.idle();
    },
  };
}
