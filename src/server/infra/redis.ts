import type { Redis } from "ioredis";
import type { Logger } from "./logger";

/** Long enough for a loaded Redis, short enough that a request does not hang on a silent one. */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The Redis client of the shared rate-limit counters. Without an offline queue a command fails at once
 * while Redis is away, so the limits fall back (rate-limit.ts, app.ts) instead of holding each request.
 * An outage is logged once when it starts and once when it ends, not per request.
 * ioredis loads only when REDIS_URL is set: one instance without it spares its memory.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
  let unreachable = false;
  const outage = (err?: Error) => {
    if (unreachable) return;
    unreachable = true;
    logger.warn(
      { err },
      "Redis is unreachable: rate limits are counted per instance and the overall request ceiling is off until it is back",
    );
  };
  // ioredis emits "error" for every failed reconnection attempt; without a listener it prints each one.
  redis.on("error", (err: Error) => outage(err));
  redis.on("reconnecting", () => outage());
  redis.on("ready", () => {
    if (!unreachable) return;
    unreachable = false;
    logger.info("Redis is reachable again: rate limits are shared by every instance");
  });
  return redis;
}
