import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimited } from "./errors";

/**
 * Named budgets for the operations the spec exposes to the public. Counters live in Redis when
 * REDIS_URL is set (shared by every app instance), else in this process's memory.
 */
export const RATE_LIMIT_BUDGETS = {
  login: { points: 10, durationSeconds: 60 },
  signup: { points: 5, durationSeconds: 60 },
  passwordReset: { points: 5, durationSeconds: 60 },
  waitlistJoin: { points: 10, durationSeconds: 60 },
  builderSubmit: { points: 5, durationSeconds: 60 },
  analyticsTrack: { points: 240, durationSeconds: 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitBucket = keyof typeof RATE_LIMIT_BUDGETS;

export type RateLimits = {
  /** Counts one hit on each key; throws a rate_limited DomainError when any key is over budget. */
  consume(bucket: RateLimitBucket, ...keys: string[]): Promise<void>;
};

export function createRateLimits(options: { enabled: boolean; redis?: Redis }): RateLimits {
  if (!options.enabled) return { consume: async () => {} };
  const limiters = new Map<RateLimitBucket, RateLimiterAbstract>();
  for (const [bucket, budget] of Object.entries(RATE_LIMIT_BUDGETS) as [RateLimitBucket, (typeof RATE_LIMIT_BUDGETS)[RateLimitBucket]][]) {
    const opts = { keyPrefix: `rl:${bucket}`, points: budget.points, duration: budget.durationSeconds };
    limiters.set(bucket, options.redis ? new RateLimiterRedis({ ...opts, storeClient: options.redis }) : new RateLimiterMemory(opts));
  }
  return {
    async consume(bucket, ...keys) {
      const limiter = limiters.get(bucket)!;
      try {
        await Promise.all(keys.map((key) => limiter.consume(key)));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw rateLimited();
        throw error;
      }
    },
  };
}
