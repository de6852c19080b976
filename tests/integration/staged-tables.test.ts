import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { indexStage, stagedTableOf, swapInStage } from "#server/infra/staged-tables.ts";
import { queryRows } from "../helpers/query-rows";
import { tableCatalogOf, tableOidOf } from "../helpers/table-catalog";
import { useTestApp } from "../helpers/test-app";

/** A table filled under another name and swapped in keeps everything its catalog says about it. */
const t = useTestApp();

const read = (query: SQL) => queryRows(t.db, query);

const catalogOf = (table: string) => tableCatalogOf(t.db, table);
const oidOf = (table: string) => tableOidOf(t.db, table);

async function createProbe() {
  await t.db.execute(sql`
    create table staged_probe (
      id integer not null default 7,
      label text check (length(label) < 10),
      score integer,
      constraint staged_probe_id_pk primary key (id)
    ) with (fillfactor = 70)`);
  await t.db.execute(sql`create unique index staged_probe_label_idx on staged_probe (label)`);
  await t.db.execute(sql`create index staged_probe_positive_idx on staged_probe (score desc) include (label) where score > 0`);
  await t.db.execute(sql`insert into staged_probe (id, label, score) values (1, 'old', 1)`);
  // A grant an operator made, say to a reporting role.
  await t.db.execute(sql`grant select on staged_probe to public`);
}

describe("staged tables", () => {
  it("swaps a filled stage in with the table's columns, defaults, keys, indexes, checks, storage parameters and grants", async () => {
    await createProbe();
    try {
      const before = await catalogOf("staged_probe");
      const oldOid = await oidOf("staged_probe");
      const staged = await stagedTableOf(t.db, "staged_probe", "staged_probe_stage");
      await t.db.execute(sql.raw(staged.create));
      await t.db.execute(sql`insert into staged_probe_stage (id, label, score) values (2, 'new', 5), (3, 'newer', -1)`);
      await indexStage(t.db, staged);
      await t.db.transaction((tx) => swapInStage(tx, staged));

      expect(await catalogOf("staged_probe")).toEqual(before);
      expect(await oidOf("staged_probe")).not.toBe(oldOid);
      expect(await read(sql`select id, label, score from staged_probe order by id`)).toEqual([
        { id: 2, label: "new", score: 5 },
        { id: 3, label: "newer", score: -1 },
      ]);
      // The key, the unique index and the default hold on the swapped-in table.
      await expect(t.db.execute(sql`insert into staged_probe (id, label) values (2, 'other')`)).rejects.toThrow();
      await expect(t.db.execute(sql`insert into staged_probe (id, label) values (4, 'new')`)).rejects.toThrow();
      await t.db.execute(sql`insert into staged_probe (label) values ('defaulted')`);
      expect(await read(sql`select id from staged_probe where label = 'defaulted'`)).toEqual([{ id: 7 }]);
      expect(await read(sql`select exists (select 1 from pg_class where relname like 'staged_probe_stage%') as left_over`)).toEqual([
        { left_over: false },
      ]);
    } finally {
      await t.db.execute(sql`drop table if exists staged_probe, staged_probe_stage`);
    }
  });

  it("refuses a stage name too long for its indexes' names, which Postgres would cut to one", async () => {
    await expect(stagedTableOf(t.db, "analytics_visitor_hours", "s".repeat(58))).rejects.toThrow("too long");
  });

  it("refuses to swap while a view depends on the table, and leaves the table as it was", async () => {
    await createProbe();
    try {
      await t.db.execute(sql`create view staged_probe_view as select id from staged_probe`);
      const staged = await stagedTableOf(t.db, "staged_probe", "staged_probe_stage");
      await t.db.execute(sql.raw(staged.create));
      await indexStage(t.db, staged);
      await expect(t.db.transaction((tx) => swapInStage(tx, staged))).rejects.toThrow();
      expect(await read(sql`select id from staged_probe_view`)).toEqual([{ id: 1 }]);
    } finally {
      await t.db.execute(sql`drop view if exists staged_probe_view`);
      await t.db.execute(sql`drop table if exists staged_probe, staged_probe_stage`);
    }
  });
});
