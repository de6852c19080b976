import { getTableName, is } from "drizzle-orm";
import { PgTable, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "#server/db/schema/index.ts";
import { BACKUP_CATEGORIES, NOT_BACKED_UP } from "#server/features/backup/categories.ts";

type Lists = { categories: readonly { id: string; tables: readonly PgTable[] }[]; excluded: ReadonlyMap<PgTable, string> };

/** What is wrong with the backup lists against a schema module's exports, each problem naming its table. */
function backupListProblems(schemaModule: Record<string, unknown>, { categories, excluded }: Lists): string[] {
  const schemaTables = new Set(Object.values(schemaModule).filter((value): value is PgTable => is(value, PgTable)));
  const listed = [
    ...categories.flatMap((category) => category.tables.map((table) => ({ table, list: `category ${category.id}` }))),
    ...[...excluded.keys()].map((table) => ({ table, list: "NOT_BACKED_UP" })),
  ];
  const problems: string[] = [];
  for (const table of schemaTables) {
    const lists = listed.filter((entry) => entry.table === table).map((entry) => entry.list);
    if (lists.length === 0) problems.push(`${getTableName(table)}: in no backup category and not in NOT_BACKED_UP`);
    if (lists.length > 1) problems.push(`${getTableName(table)}: listed more than once (${lists.join(", ")})`);
  }
  for (const { table, list } of listed) {
    if (!schemaTables.has(table)) problems.push(`${getTableName(table)}: in ${list} but not a table of the schema`);
  }
  for (const [table, reason] of excluded) {
    if (reason.trim().length < 20) problems.push(`${getTableName(table)}: NOT_BACKED_UP gives no reason a reader understands`);
  }
  return problems;
}

describe("the backup lists", () => {
  it("put every table of the schema in exactly one backup category or in NOT_BACKED_UP, and nothing else", () => {
    expect(backupListProblems(schema, { categories: BACKUP_CATEGORIES, excluded: NOT_BACKED_UP })).toEqual([]);
  });
});

describe("backupListProblems", () => {
  const kept = pgTable("kept", { id: text("id").primaryKey() });
  const left = pgTable("left_out", { id: text("id").primaryKey() });
  const added = pgTable("added_later", { id: text("id").primaryKey() });
  const dropped = pgTable("dropped_since", { id: text("id").primaryKey() });
  const reason = "a reason long enough to read";

  it("names a table that is in no category and not left out on purpose", () => {
    const lists = { categories: [{ id: "c", tables: [kept] }], excluded: new Map([[left, reason]]) };
    expect(backupListProblems({ kept, left, added, notATable: "x" }, lists)).toEqual([
      "added_later: in no backup category and not in NOT_BACKED_UP",
    ]);
  });

  it("names a listed table that the schema no longer has", () => {
    const lists = { categories: [{ id: "c", tables: [kept, dropped] }], excluded: new Map([[left, reason]]) };
    expect(backupListProblems({ kept, left }, lists)).toEqual(["dropped_since: in category c but not a table of the schema"]);
  });

  it("names a table both backed up and left out, or in two categories", () => {
    const lists = {
      categories: [
        { id: "c", tables: [kept, left] },
        { id: "d", tables: [kept] },
      ],
      excluded: new Map([[left, reason]]),
    };
    expect(backupListProblems({ kept, left }, lists)).toEqual([
      "kept: listed more than once (category c, category d)",
      "left_out: listed more than once (category c, NOT_BACKED_UP)",
    ]);
  });

  it("names a table left out without a reason", () => {
    const lists = { categories: [{ id: "c", tables: [kept] }], excluded: new Map([[left, " "]]) };
    expect(backupListProblems({ kept, left }, lists)).toEqual(["left_out: NOT_BACKED_UP gives no reason a reader understands"]);
  });
});
