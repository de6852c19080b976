import { AsyncLocalStorage } from "node:async_hooks";
import { DomainError } from "./errors";
import { createWorkLimiter, type WorkLimiter } from "./work-limiter";

/** How long a heavy read may wait for its turn before it is refused. */
export const HEAVY_READ_MAX_WAIT_MS = 2_000;
/** Sent as Retry-After with the refusal. */
export const HEAVY_READ_RETRY_AFTER_SECONDS = 5;
export const HEAVY_READ_BUSY_MESSAGE = "The dashboard is busy. Please try again in a few seconds.";

export const heavyReadBusy = () => new DomainError("unavailable", HEAVY_READ_BUSY_MESSAGE, HEAVY_READ_RETRY_AFTER_SECONDS);

/** Marks the code a heavy read runs (its queries included) so the database pool can tell it from the site's own work. */
const heavyReadScope = new AsyncLocalStorage<true>();

/** True inside a heavy read: its queries may only use the heavy reads' share of the pool (db/client.ts). */
export const insideHeavyRead = (): boolean => heavyReadScope.getStore() === true;

/**
 * Runs `task` as part of a heavy read without taking a slot: the session lookup of a request for a heavy read
 * (the dashboard's own, and that of every request the limit then refuses) uses the heavy reads' share of the
 * pool too. Thirty admins' tabs asking for a busy dashboard otherwise filled the rest of the pool with their
 * session lookups, and sign-ins waited behind them.
 */
export const asPartOfHeavyRead = <T>(task: () => T | PromiseLike<T>): Promise<T> =>
  // Awaited inside the scope: a drizzle query only starts when it is awaited, and must start in it.
  heavyReadScope.run(true, async () => await task());

/**
 * The per-instance limit of heavy reads (the analytics dashboard, the admin overview, the daily plan, the
 * waitlist CSV and backup exports): each runs several queries or a long one, so without a limit a few dozen
 * of them take every pool connection and sign-ins, writes and the beacon wait until they time out. `limit`
 * run at once (HEAVY_READ_LIMIT, a quarter of the pool by default); twice as many may wait, at most 2 s;
 * the rest answer 503 with Retry-After at once. Procedures opt in with `heavyRead: true` in their meta
 * (trpc/init.ts); hand-written routes call it themselves.
 *
 * A task given to `run` also runs inside the heavy-read scope: the dashboard starts seven queries at once, so
 * two dashboards alone would want fourteen connections of a pool of ten; the pool lets heavy reads hold only
 * their share of its connections and keeps the rest for everything else (db/client.ts).
 */
export function createHeavyReadLimiter(limit: number): WorkLimiter {
  const limiter = createWorkLimiter(limit, { maxWaiting: limit * 2, maxWaitMs: HEAVY_READ_MAX_WAIT_MS, busy: heavyReadBusy });
  return {
    acquire: limiter.acquire,
    run: (task) => limiter.run(() => asPartOfHeavyRead(task)),
    get load() {
      return limiter.load;
    },
  };
}
