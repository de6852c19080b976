import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError, openDatabase } from "#server/db/client.ts";
import { adminExists } from "#server/features/auth/index.ts";
import { createGeoLookup, GeoDataError, GeoDataFile, warmGeoLookup } from "#server/infra/geo.ts";
import { createLogger } from "#server/infra/logger.ts";
import { createMailDriver } from "#server/infra/mail/index.ts";
import { createRateLimits } from "#server/infra/rate-limit.ts";
import { connectRedis } from "#server/infra/redis.ts";
import { createObjectStorage } from "#server/infra/storage/index.ts";
import { createServices, startServices, stopServices } from "./services";

async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, env: config.env });
  // An operator's file is opened before anything else, so a wrong GEOIP_DB_PATH stops the start at once.
  const geoFile = config.geo.dbPath ? await GeoDataFile.open(config.geo.dbPath, { logger }) : undefined;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, maxConnections: config.databasePoolSize, logger }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  await database.migrate();
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const mailDriver = createMailDriver(config, logger);
  const rateLimits = createRateLimits({ enabled: config.rateLimits, ...(redis ? { redis } : {}) });
  const storage = await createObjectStorage(config.storage);
  const geo = createGeoLookup({ trustProxy: config.behindProxy, ...(geoFile ? { file: geoFile } : {}) });
  if (!geoFile) warmGeoLookup().catch((error: unknown) => logger.error({ err: error }, "the geo lookup database could not be opened"));
  const baseDeps = { config, database, mailDriver, rateLimits, logger, geo, storage };
  const services = createServices(baseDeps);
  const app = await buildApp({ ...baseDeps, services, ...(redis ? { redis } : {}) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: closing`);
    await app.close();
    geo.close?.();
    await stopServices(services);
    await mailDriver.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // Before listening: the first requests already find the rollups built and other instances' writes heard.
  await startServices(services);
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    `The $100 Lab is running on ${config.publicUrl} (database: ${database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "Postgres"}, mail: ${mailDriver.provider}, storage: ${storage.driver})`,
  );
  if (config.env === "production" && config.rateLimits && !redis) {
    logger.warn("Rate limits are counted per instance (REDIS_URL is not set): behind a load balancer, each instance grants its own budget");
  }
  if (config.env === "production" && !mailDriver.delivers) {
    logger.warn("No mail provider is set (MAIL_PROVIDER): mail is not delivered, only kept in the outbox (mail_messages, status kept)");
  }
  if (!(await adminExists(database.db))) {
    logger.warn("No admin account exists yet. Create one with: npm run create-admin -- --email you@example.com --password '...'");
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof GeoDataError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
