import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { creditReferral, entryRank, rankedEntry, syncRankScores } from "#server/features/waitlist/ranks.ts";
import { usesRealPostgres } from "../helpers/test-database";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/** The blocks as the triggers keep them, and as a count over the entries gives them. */
async function blocks() {
  const db = t.deps.database.db;
  const kept = rowsOf<{ block: number; entries: number }>(
    await db.execute(sql`select block, entries from waitlist_rank_blocks where entries > 0 order by block`),
  );
  const counted = rowsOf<{ block: number; entries: number }>(
    await db.execute(
      sql`select coalesce(rank_score, position) >> 10 as block, count(*)::int as entries from waitlist_entries group by 1 order by 1`,
    ),
  );
  return { kept, counted };
}

/** Every entry's rank as entryRank gives it, against row_number() over the rank order. */
async function ranksDiffering(): Promise<string[]> {
  const db = t.deps.database.db;
  const expected = rowsOf<{ id: string; rank: number }>(
    await db.execute(
      sql`select id, row_number() over (order by coalesce(rank_score, position), referral_count desc, position)::int as rank from waitlist_entries`,
    ),
  );
  const given = new Map((await db.select({ id: rankedEntry.id, rank: entryRank }).from(rankedEntry)).map((row) => [row.id, row.rank]));
  return expected.filter(({ id, rank }) => given.get(id) !== rank).map(({ id, rank }) => `${id}: ${given.get(id)} instead of ${rank}`);
}

describe(`ranks over blocks of scores (${usesRealPostgres() ? "Postgres" : "PGlite"})`, () => {
  it(
    "stay exact across blocks through joins, referral credits, deletions, a boost change and a truncate",
    { timeout: 60_000 },
    async () => {
      const db = t.deps.database.db;
      // 3,000 entries span blocks 0, 1 and 2 (1,024 scores each).
      await db.execute(
        sql`insert into waitlist_entries (position, email) select n, 'rank-' || n || '@example.com' from generate_series(1, 3000) as n`,
      );
      expect((await blocks()).kept).toEqual([
        { block: 0, entries: 1023 },
        { block: 1, entries: 1024 },
        { block: 2, entries: 953 },
      ]);

      // Referral credits (boost 5) move entries into lower blocks: 1,030 - 2 x 5 = 1,020 (block 1 to 0),
      // 2,050 and 2,049 to 2,045 and 2,044 (block 2 to 1), 1,500 - 600 = 900, and 5 - 15 = -10 (block -1).
      const idAt = async (position: number) =>
        rowsOf<{ id: string }>(await db.execute(sql`select id from waitlist_entries where position = ${position}`))[0]!.id;
      for (const [position, credits] of [
        [1030, 2],
        [2050, 1],
        [2049, 1],
        [5, 3],
        [1500, 120],
      ] as const) {
        const id = await idAt(position);
        for (let i = 0; i < credits; i += 1) await creditReferral(db, id, 5);
      }
      expect((await blocks()).kept).toEqual((await blocks()).counted);
      expect((await blocks()).kept[0]).toEqual({ block: -1, entries: 1 });
      expect(await ranksDiffering()).toEqual([]);

      // Deletions, across blocks.
      await db.execute(sql`delete from waitlist_entries where position in (3, 1024, 1025, 2999) or position between 1100 and 1180`);
      expect((await blocks()).kept).toEqual((await blocks()).counted);
      expect(await ranksDiffering()).toEqual([]);

      // The boost setting changed: every stored score rewritten.
      expect(await syncRankScores(db, 40)).toBe(5);
      expect((await blocks()).kept).toEqual((await blocks()).counted);
      expect(await ranksDiffering()).toEqual([]);

      await db.execute(sql`truncate waitlist_entries`);
      expect((await blocks()).kept).toEqual([]);
    },
  );
});
