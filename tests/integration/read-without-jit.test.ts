import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, readWithoutJit, rowsOf, type DatabaseHandle } from "#server/db/client.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp();

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

const jitSetting = sql`select current_setting('jit') as jit`;

describe("readWithoutJit", () => {
  it("gives the read's rows, on either driver", async () => {
    expect(rowsOf(await readWithoutJit(t.db, sql`select ${2}::int as two`))).toEqual([{ two: 2 }]);
  });

  it.skipIf(!usesRealPostgres())(
    "turns JIT off for the read alone, in a read-only transaction (needs a real Postgres: set TEST_DATABASE_URL)",
    async () => {
      // One connection, so the plain reads below run on the very connection the read without JIT used.
      const handle = await openDatabase({ kind: "postgres", url: t.database.url!, maxConnections: 1 });
      opened.push(handle);
      await handle.db.execute(sql`set jit = on`);
      expect(rowsOf(await readWithoutJit(handle.db, jitSetting))).toEqual([{ jit: "off" }]);
      expect(rowsOf(await handle.db.execute(jitSetting))).toEqual([{ jit: "on" }]);
      const write = readWithoutJit(handle.db, sql`create table written_by_a_read (a int)`);
      await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) as unknown } });
    },
  );
});
