import { randomBytes } from "node:crypto";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { analyticsSalts } from "#server/db/schema/analytics.ts";

/** A day's salt is forgotten after this long; with it goes any way to link that day's visitor ids to anyone. */
export const SALT_RETENTION_MS = 48 * 60 * 60 * 1000;

export type DailySalts = { saltFor(now: Date): Promise<string> };

const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * One random salt per UTC day, kept in Postgres so every app instance hashes alike. The first request
 * of a day on each instance reads (or creates) the row; later requests get the in-memory copy, which
 * is only a cache of what the database holds. Salts older than 48 hours are deleted at that moment
 * (once per instance and day, so a new day's salt always comes with the clean-up).
 */
export function createDailySalts(db: Database): DailySalts {
  // Keyed by the day's number since the epoch: every beacon asks, and a division is cheaper than formatting a date.
  let cached: { dayNumber: number; salt: Promise<string> } | undefined;

  const load = async (day: string): Promise<string> => {
    // Once per instance and day: cheap, and old salts go even if another instance made today's. The
    // database's clock decides the age, so instances with skewed clocks cannot delete a fresh salt.
    await db
      .delete(analyticsSalts)
      .where(
        and(lt(analyticsSalts.createdAt, sql`now() - make_interval(secs => ${SALT_RETENTION_MS / 1000})`), ne(analyticsSalts.day, day)),
      );
    const existing = await readSalt(db, day);
    if (existing) return existing;
    // Two instances may race here: one insert wins, and both read the winner back.
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const salt = await readSalt(db, day);
    if (!salt) throw new Error(`analytics salt for ${day} is missing after insert`);
    return salt;
  };

  return {
    saltFor(now) {
      const dayNumber = Math.floor(now.getTime() / DAY_MS);
      if (cached?.dayNumber === dayNumber) return cached.salt;
      const entry = { dayNumber, salt: load(utcDay(now)) };
      cached = entry;
      // A failed read is not cached: the next request tries again.
      entry.salt.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.salt;
    },
  };
}

async function readSalt(db: Database, day: string): Promise<string | undefined> {
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  return row?.salt;
}
