import { sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Executor } from "#server/db/client.ts";
import { BACKUP_CATEGORIES, ROWS_LEFT_OUT, type BackupCategory } from "./categories";

/** What the backup needs to know of a table, read from its Drizzle schema. */
export type TableShape = {
  name: string;
  table: PgTable;
  category: string;
  /** Its primary key's columns: rows are paged and restored by it. */
  primaryKey: string[];
  /** The stored columns a backup writes and a restore inserts; not those the database computes from the row. */
  columns: string[];
  /** Identity columns (bigint ids): a restore writes their values and moves the sequence past them. */
  identityColumns: string[];
  /** Rows never backed up nor restored (ROWS_LEFT_OUT). */
  leftOut?: { column: string; values: readonly string[] };
};

function shapeOf(table: PgTable, category: BackupCategory): TableShape {
  const config = getTableConfig(table);
  const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name);
  const primaryKey = compositeKey ?? config.columns.filter((column) => column.primary).map((column) => column.name);
  if (primaryKey.length === 0) throw new Error(`backup: table ${config.name} has no primary key to page and restore by`);
  return {
    name: config.name,
    table,
    category: category.id,
    primaryKey,
    columns: config.columns.filter((column) => column.generated === undefined).map((column) => column.name),
    identityColumns: config.columns.filter((column) => column.generatedIdentity !== undefined).map((column) => column.name),
    leftOut: ROWS_LEFT_OUT.get(table),
  };
}

/** Every backed-up table by name, in restore order. */
export const BACKUP_TABLES: ReadonlyMap<string, TableShape> = new Map(
  BACKUP_CATEGORIES.flatMap((category) => category.tables.map((table) => shapeOf(table, category))).map((shape) => [shape.name, shape]),
);

export const tablesOfCategory = (categoryId: string): TableShape[] =>
  [...BACKUP_TABLES.values()].filter((shape) => shape.category === categoryId);

/** The condition a row (under `alias`) meets to be backed up and restored: true for every row of most tables. */
export function rowsBackedUp(shape: TableShape, alias: string): SQL {
  if (!shape.leftOut) return sql`true`;
  const { column, values } = shape.leftOut;
  return sql`${sql.identifier(alias)}.${sql.identifier(column)} not in (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** `"a", "b"` (optionally prefixed by an alias: `t."a", t."b"`). */
export function columnList(columns: readonly string[], alias?: string): SQL {
  return sql.join(
    columns.map((column) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(column)}` : sql.identifier(column))),
    sql`, `,
  );
}

/**
 * An MD5 of every row of each backed-up table in primary-key order, and the row count: what a restore must
 * reproduce exactly (the tests and the benchmark compare them before and after).
 */
export async function tableChecksums(db: Executor, tables: readonly string[] = [...BACKUP_TABLES.keys()]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const name of tables) {
    const shape = BACKUP_TABLES.get(name);
    if (!shape) throw new Error(`not a backed-up table: ${name}`);
    const result = await db.execute(sql`
      select count(*) || ':' || md5(coalesce(string_agg(row_to_json(t)::text, E'\\n' order by ${columnList(shape.primaryKey, "t")}), '')) as sum
      from ${shape.table} as t`);
    sums[name] = rowsOf<{ sum: string }>(result)[0]!.sum;
  }
  return sums;
}
