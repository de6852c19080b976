import { DomainError } from "./errors";
import { createWorkLimiter, type WorkLimiter } from "./work-limiter";

/** How long a heavy read may wait for its turn before it is refused. */
export const HEAVY_READ_MAX_WAIT_MS = 2_000;
/** Sent as Retry-After with the refusal. */
export const HEAVY_READ_RETRY_AFTER_SECONDS = 5;
export const HEAVY_READ_BUSY_MESSAGE = "The dashboard is busy. Please try again in a few seconds.";

export const heavyReadBusy = () => new DomainError("unavailable", HEAVY_READ_BUSY_MESSAGE, HEAVY_READ_RETRY_AFTER_SECONDS);

/**
 * The per-instance limit of heavy reads (the analytics dashboard, the admin overview, the daily plan, the
 * waitlist CSV and backup exports): each runs several queries or a long one, so without a limit a few dozen
 * of them take every pool connection and sign-ins, writes and the beacon wait until they time out. `limit`
 * run at once (HEAVY_READ_LIMIT, a quarter of the pool by default); twice as many may wait, at most 2 s;
 * the rest answer 503 with Retry-After at once. Procedures opt in with `heavyRead: true` in their meta
 * (trpc/init.ts); hand-written routes call it themselves.
 */
export function createHeavyReadLimiter(limit: number): WorkLimiter {
  return createWorkLimiter(limit, { maxWaiting: limit * 2, maxWaitMs: HEAVY_READ_MAX_WAIT_MS, busy: heavyReadBusy });
}
