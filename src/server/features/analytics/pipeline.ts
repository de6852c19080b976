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
