import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { createTestDatabase, usesRealPostgres, type TestDatabase } from "../helpers/test-database";

/**
 * The embedded test databases are reused across files (helpers/pglite-pool.ts): what one file leaves behind must
 * be gone when the next file opens the same database. The pool hands back the database closed last, so each
 * test below reopens what it just closed.
 */
const rowsInPublicTables = async (database: TestDatabase) => {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select format('%I', relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    ),
  );
  let rows = 0;
  for (const { name } of tables) {
    rows += rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${name}`)))[0]!.n;
  }
  return rows;
};

describe.skipIf(usesRealPostgres())("the reused embedded test database", () => {
  it("comes back with no rows, identities restarted and the session's settings reset", async () => {
    const first = await createTestDatabase();
    await first.db.insert(users).values({ email: "left@example.com", name: "Left behind", passwordHash: "x" });
    await first.db.execute(sql`select nextval('analytics_sessions_id_seq') from generate_series(1, 5)`);
    await first.db.execute(sql`set statement_timeout = '1234ms'`);
    await first.close();

    const next = await createTestDatabase();
    try {
      expect(await rowsInPublicTables(next)).toBe(0);
      const sequence = rowsOf<{ id: string }>(await next.db.execute(sql`select nextval('analytics_sessions_id_seq')::text as id`));
      expect(sequence[0]!.id).toBe("1");
      const timeout = rowsOf<{ statement_timeout: string }>(await next.db.execute(sql`show statement_timeout`));
      expect(timeout[0]!.statement_timeout).toBe("0");
    } finally {
      await next.close();
    }
  });

  it("comes back without a table a file added: a changed schema is closed, not reused", async () => {
    const first = await createTestDatabase();
    await first.db.execute(sql`create table left_behind (id int)`);
    await first.close();

    const next = await createTestDatabase();
    try {
      expect(rowsOf(await next.db.execute(sql`select 1 from pg_class where relname = 'left_behind'`))).toHaveLength(0);
    } finally {
      await next.close();
    }
  });
});
