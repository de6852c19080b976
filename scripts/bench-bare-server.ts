/**
 * The third run of npm run bench:track: the real app (same Fastify options, plugins, hooks and request
 * logging), plus a bare route that parses the same JSON body with the beacon's limits and answers 202.
 * persisted ÷ bare is what the beacon route itself costs. Reads the same environment as main.ts.
 */
import { ANALYTICS_BODY_LIMIT_BYTES } from "../src/common/analytics";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { createGeoLookup } from "../src/server/infra/geo";
import { createLogger } from "../src/server/infra/logger";
import { createMailDriver } from "../src/server/infra/mail";
import { createRateLimits } from "../src/server/infra/rate-limit";
import { DEBUG_REQUEST_LOGS } from "../src/server/infra/request-log";
import { createObjectStorage } from "../src/server/infra/storage";
import { createServices, stopServices } from "../src/server/services";

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
