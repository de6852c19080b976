import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { RestoreReport, RestoreTableReport } from "#common/backup/backup.ts";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import { dataRefusalMessage } from "#server/db/errors.ts";
import { deferSecondaryIndexes } from "#server/infra/deferred-indexes.ts";
import { unprocessable } from "#server/infra/errors.ts";
import { rebuildRollups } from "#server/features/analytics/index.ts";
import type { BackupFileEvent, RowsBatch } from "./backup-file";
import { readBackupFile } from "./backup-reader";
import type { BackupMeta } from "./backup-writer";
import { BACKUP_TABLES, columnList, rowsBackedUp, tablesOfCategory, type TableShape } from "./backup-tables";
import { findBackupCategory, RETIRED_TABLES } from "./categories";

type Counts = Pick<RestoreTableReport, "added" | "updated" | "unchanged">;

/**
 * From this many rows on, a restore into an empty table drops the table's plain indexes and builds them
 * again once its rows are in (a million analytics events: 8 s instead of 13 s in Postgres).
 */
const DEFER_INDEXES_FROM_ROWS = 50_000;

/**
 * Restores a backup file, or with `dryRun` only counts per table the rows that would be added, updated or
 * left as they are. The restore writes each category in one transaction, row by row idempotent by primary
 * key (insert, or update when different), so running it twice changes nothing the second time. Rows in the
 * database that the file does not hold are kept. Afterwards the analytics rollups are rebuilt for the period
 * the raw events cover; the file's rollup rows before it (months the retention removed) stay as restored.
 */
export async function restoreBackup(
  db: Database,
  source: Readable,
  {
    dryRun,
    secret = null,
    deferIndexesFromRows = DEFER_INDEXES_FROM_ROWS,
  }: {
    dryRun: boolean;
    /** The site's backup-signing secret: the report says whether the file was signed with it. */
    secret?: string | null;
    deferIndexesFromRows?: number;
  },
): Promise<RestoreReport> {
  const events = readBackupFile(source, { secret })[Symbol.asyncIterator]();
  const first = await events.next();
  if (first.done || first.value.type !== "meta") throw unprocessable("This file is not a backup of this site.");
  const { meta } = first.value;
  let signed = false;
  const reports = new Map<string, RestoreTableReport>();
  for (const table of Object.keys(meta.counts)) {
    if (RETIRED_TABLES.has(table)) continue;
    const shape = knownTable(table);
    if (!meta.categories.includes(shape.category)) throw unprocessable(`The backup's table ${table} is not in its categories`);
    reports.set(table, { table, category: shape.category, added: 0, updated: 0, unchanged: 0 });
  }

  const nextRows = async (): Promise<RowsBatch | null> => {
    for (;;) {
      const next = await events.next();
      if (next.done) return null;
      if (next.value.type === "end") {
        signed = next.value.signed;
        return null;
      }
      if (next.value.type === "rows" && RETIRED_TABLES.has(next.value.table)) continue;
      if (next.value.type !== "rows" || !reports.has(next.value.table))
        throw unprocessable(`The backup holds rows of ${describe(next.value)} that its meta does not list`);
      return next.value;
    }
  };
  const add = (table: string, counts: Counts) => {
    const report = reports.get(table)!;
    report.added += counts.added;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
  };

  let pending = await nextRows();
  if (dryRun) {
    for (; pending; pending = await nextRows()) {
      const batch = pending;
      add(batch.table, await refusingBadData(() => compareBatch(db, knownTable(batch.table), batch), "Checking the backup failed"));
    }
  } else {
    while (pending) {
      const category = knownTable(pending.table).category;
      await refusingBadData(
        () =>
          db.transaction(async (tx) => {
            // Per table touched: whether it was empty when the restore reached it (then plain inserts do).
            const touched = new Map<TableShape, boolean>();
            const rebuildIndexes: Array<() => Promise<void>> = [];
            while (pending && knownTable(pending.table).category === category) {
              const shape = knownTable(pending.table);
              if (!touched.has(shape)) {
                const empty = await isEmpty(tx, shape);
                touched.set(shape, empty);
                if (empty && (meta.counts[shape.name] ?? 0) >= deferIndexesFromRows)
                  rebuildIndexes.push(await deferSecondaryIndexes(tx, shape.name));
              }
              add(shape.name, await applyBatch(tx, shape, pending, { wasEmpty: touched.get(shape)! }));
              pending = await nextRows();
            }
            for (const rebuild of rebuildIndexes) await rebuild();
            for (const shape of touched.keys()) await moveIdentitiesPast(tx, shape);
          }),
        `Restoring ${findBackupCategory(category)?.name ?? category} failed, nothing of it was written`,
      );
    }
    if (tablesOfCategory(ANALYTICS_CATEGORY).some((shape) => reports.has(shape.name))) await rebuildRollups(db);
  }
  return {
    dryRun,
    createdAt: meta.createdAt,
    createdBy: meta.createdBy,
    categories: meta.categories,
    tables: [...reports.values()],
    signed,
    ...confirmationOf(meta, signed),
  };
}

/**
 * The file's meta and whether this site signed it, reading it to its end without writing or comparing
 * anything (a file in another layout is unsigned: known from its first bytes).
 */
export async function inspectBackup(source: Readable, secret: string): Promise<{ meta: BackupMeta; signed: boolean }> {
  let meta: BackupMeta | null = null;
  for await (const event of readBackupFile(source, { secret })) {
    if (event.type === "meta") {
      meta = event.meta;
      if (event.layout === "any") return { meta, signed: false };
    }
    if (event.type === "end") return { meta: meta!, signed: event.signed };
  }
  throw unprocessable("This file is not a backup of this site.");
}

function knownTable(name: string): TableShape {
  const shape = BACKUP_TABLES.get(name);
  if (!shape) throw unprocessable(`The backup holds a table this site does not know: ${name}`);
  return shape;
}

/** Runs `work`; data the database refuses (a bad value, a broken row) becomes a 422 that says what failed. */
async function refusingBadData<T>(work: () => Promise<T>, failed: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refusal = dataRefusalMessage(error);
    if (refusal) throw unprocessable(`${failed}: ${refusal}`);
    throw error;
  }
}

const describe = (event: BackupFileEvent) => (event.type === "rows" ? event.table : "its meta");

/** The category whose restore is followed by a rebuild of the analytics rollups. */
const ANALYTICS_CATEGORY = "analytics";

/** Categories whose rows sign people in: restoring them could plant a working account. */
const ACCOUNT_CATEGORIES = ["accounts"];

/**
 * Whether restoring this file needs the owner's password, and the sentence that asks for it: a file this
 * site did not sign could hold anything, and one with accounts replaces who can sign in.
 */
export function confirmationOf(
  meta: Pick<BackupMeta, "categories">,
  signed: boolean,
): Pick<RestoreReport, "passwordRequired" | "confirmation"> {
  const replaces = meta.categories.map((id) => findBackupCategory(id)?.name ?? id).join(", ");
  const why = !signed
    ? "This backup was not made by this site."
    : meta.categories.some((id) => ACCOUNT_CATEGORIES.includes(id))
      ? "This backup holds sign-in accounts."
      : null;
  if (!why) return { passwordRequired: false, confirmation: null };
  return { passwordRequired: true, confirmation: `${why} Restoring it replaces: ${replaces}. Type your password to confirm.` };
}

/** The batch as a set of the table's rows (unknown keys ignored, missing ones null). */
const recordsOf = (shape: TableShape, batch: RowsBatch) =>
  shape.leftOut
    ? sql`(select * from json_populate_recordset(null::${shape.table}, ${batch.json}::json) as x where ${rowsBackedUp(shape, "x")}) as x`
    : sql`json_populate_recordset(null::${shape.table}, ${batch.json}::json) as x`;

const keyMatch = (shape: TableShape) =>
  sql.join(
    shape.primaryKey.map((column) => sql`t.${sql.identifier(column)} = x.${sql.identifier(column)}`),
    sql` and `,
  );

async function compareBatch(db: Database, shape: TableShape, batch: RowsBatch): Promise<Counts> {
  const firstKey = sql.identifier(shape.primaryKey[0]!);
  const result = await db.execute(sql`
    select count(*) filter (where t.${firstKey} is null)::int as added,
           count(*) filter (where t.${firstKey} is not null and (${columnList(shape.columns, "t")}) is distinct from (${columnList(shape.columns, "x")}))::int as updated,
           count(*) filter (where t.${firstKey} is not null and (${columnList(shape.columns, "t")}) is not distinct from (${columnList(shape.columns, "x")}))::int as unchanged
    from ${recordsOf(shape, batch)}
    left join ${shape.table} as t on ${keyMatch(shape)}`);
  return rowsOf<Counts>(result)[0] ?? { added: 0, updated: 0, unchanged: 0 };
}

async function isEmpty(tx: Executor, shape: TableShape): Promise<boolean> {
  const result = await tx.execute(sql`select not exists (select 1 from ${shape.table}) as empty`);
  return rowsOf<{ empty: boolean }>(result)[0]?.empty === true;
}

/**
 * Insert, or update the row with the same primary key when it differs; `xmax = 0` tells an insert from an
 * update. Into a table that was empty (a restore after a loss: the large case) every row is new: a plain
 * insert, without the conflict check's cost (a key twice in the file is then refused as a duplicate).
 */
async function applyBatch(tx: Executor, shape: TableShape, batch: RowsBatch, { wasEmpty }: { wasEmpty: boolean }): Promise<Counts> {
  const insert = sql`insert into ${shape.table} (${columnList(shape.columns)}) ${shape.identityColumns.length > 0 ? sql`overriding system value` : sql``}
      select ${columnList(shape.columns, "x")} from ${recordsOf(shape, batch)}`;
  if (wasEmpty) {
    await tx.execute(insert);
    return { added: batch.count, updated: 0, unchanged: 0 };
  }
  const others = shape.columns.filter((column) => !shape.primaryKey.includes(column));
  const onConflict =
    others.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(
          others.map((column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`),
          sql`, `,
        )} where (${columnList(others, shape.name)}) is distinct from (${columnList(others, "excluded")})`;
  const result = await tx.execute(sql`
    with written as (
      ${insert}
      on conflict (${columnList(shape.primaryKey)}) ${onConflict}
      returning (xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as added, count(*) filter (where not inserted)::int as updated from written`);
  const { added = 0, updated = 0 } = rowsOf<{ added: number; updated: number }>(result)[0] ?? {};
  return { added, updated, unchanged: batch.count - added - updated };
}

/** Restored identity values came from the file: the sequence must continue after the largest, or the next insert collides. */
async function moveIdentitiesPast(tx: Executor, shape: TableShape): Promise<void> {
  for (const column of shape.identityColumns) {
    await tx.execute(sql`
      select setval(pg_get_serial_sequence(${shape.name}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${shape.table}), 0) + 1, false)`);
  }
}
