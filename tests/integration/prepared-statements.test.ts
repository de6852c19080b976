import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, preparedStatement, rowsOf, type DatabaseHandle } from "#server/db/client.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp();

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

const doubled = preparedStatement(sql`select ${sql.placeholder("n")}::int * 2 as doubled, ${"a constant"}::text as constant`);
const tripled = preparedStatement(sql`select ${sql.placeholder("n")}::int * 3 as tripled`);

describe("preparedStatement", () => {
  it("runs with the values of each call, beside another prepared statement, inside a transaction too", async () => {
    expect(rowsOf(await doubled(t.db, { n: 2 }))).toEqual([{ doubled: 4, constant: "a constant" }]);
    expect(rowsOf(await doubled(t.db, { n: 5 }))).toEqual([{ doubled: 10, constant: "a constant" }]);
    expect(rowsOf(await tripled(t.db, { n: 5 }))).toEqual([{ tripled: 15 }]);
    const inside = await t.db.transaction(async (tx) => rowsOf(await doubled(tx, { n: 7 })));
    expect(inside).toEqual([{ doubled: 14, constant: "a constant" }]);
  });

  it.skipIf(!usesRealPostgres())(
    "is parsed once per connection, and Postgres stops planning it once its generic plan is as good (needs a real Postgres: set TEST_DATABASE_URL)",
    async () => {
      const handle = await openDatabase({ kind: "postgres", url: t.database.url!, maxConnections: 1 });
      opened.push(handle);
      for (let n = 1; n <= 8; n++) await doubled(handle.db, { n });
      const [statement] = rowsOf<{ count: number; generic_plans: number; custom_plans: number }>(
        await handle.db.execute(sql`
          select count(*) over ()::int as count, generic_plans::int, custom_plans::int
          from pg_prepared_statements where statement like '%as doubled%'`),
      );
      expect(statement?.count).toBe(1);
      // Postgres plans the first five runs for their values, then compares; the generic plan won the other three.
      expect(statement?.custom_plans).toBe(5);
      expect(statement?.generic_plans).toBe(3);
    },
  );
});
