/**
 * The third run of npm run bench:track: the real app (same Fastify options, plugins, hooks and request
 * logging), plus a bare route that parses the same JSON body with the beacon's limits and answers 202.
 * persisted ÷ bare is what the beacon route itself costs. Reads the same environment as main.ts.
 */
import { ANALYTICS_BODY_LIMIT_BYTES } from "#common/analytics/events.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createGeoLookup } from "#server/infra/geo.ts";
import { createLogger } from "#server/infra/logger.ts";
import { createMailDriver } from "#server/infra/mail/index.ts";
import { createRateLimits } from "#server/infra/rate-limit.ts";
import { DEBUG_REQUEST_LOGS } from "#server/infra/request-log.ts";
import { createObjectStorage } from "#server/infra/storage/index.ts";
import { createServices, stopServices } from "#server/services.ts";

const barePath = process.argv[2];
if (!barePath?.startsWith("/")) throw new Error("usage: bench-bare-server.ts <route path>");

const config = loadConfig();
if (!config.databaseUrl) throw new Error("bench-bare-server needs DATABASE_URL");
const logger = createLogger({ level: config.logLevel, env: config.env });
const database = await openDatabase({ kind: "postgres", url: config.databaseUrl });
await database.migrate();
const baseDeps = {
  config,
  database,
  logger,
  mailDriver: createMailDriver(config, logger),
  rateLimits: createRateLimits({ enabled: false }),
  geo: createGeoLookup({ trustProxy: config.behindProxy }),
  storage: await createObjectStorage(config.storage),
};
const services = createServices(baseDeps);
// The beacon's path alone: the analytics pipeline, none of the background workers.
await services.analytics.start();
const app = await buildApp({ ...baseDeps, services });
app.post(barePath, { bodyLimit: ANALYTICS_BODY_LIMIT_BYTES, ...DEBUG_REQUEST_LOGS }, async (request, reply) => {
  if (typeof request.body !== "object" || request.body === null)
    return reply.code(400).send({ error: "Request body must be a JSON object" });
  return reply.code(202).send();
});
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => stopServices(services))
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ host: config.host, port: config.port });
