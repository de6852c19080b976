import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { GeoLookup } from "./infra/geo";
import type { Logger } from "./infra/logger";
import type { Mailer } from "./infra/mail";
import type { RateLimits } from "./infra/rate-limit";
import type { ObjectStorage } from "./infra/storage";

/** Everything buildApp needs from the outside; main.ts and the tests assemble it. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimits: RateLimits;
  logger: Logger;
  geo: GeoLookup;
  storage: ObjectStorage;
};
