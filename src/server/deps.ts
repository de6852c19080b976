import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { GeoLookup } from "./infra/geo";
import type { Logger } from "./infra/logger";
import type { MailDriver } from "./infra/mail";
import type { RateLimits } from "./infra/rate-limit";
import type { ObjectStorage } from "./infra/storage";
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
