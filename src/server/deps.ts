import type { Config } from "./config";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { GeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import type { MailDriver } from "#server/infra/mail/index.ts";
import type { RateLimits } from "#server/infra/rate-limit.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import type { Services } from "./services";

/** What the long-lived services are built from (services.ts). */
export type BaseDeps = {
  config: Config;
  database: DatabaseHandle;
  /** Where the mail worker hands queued mail (features queue mail with enqueueMail, never through this). */
  mailDriver: MailDriver;
  rateLimits: RateLimits;
  logger: Logger;
  geo: GeoLookup;
  storage: ObjectStorage;
};

/** Everything buildApp needs from the outside; main.ts and the tests assemble it. */
export type AppDeps = BaseDeps & {
  /** Built once per app by createServices; started by main.ts (tests start the ones they use). */
  services: Services;
};
