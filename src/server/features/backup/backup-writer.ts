import { sql } from "drizzle-orm";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "../../../common/backup";
import { rowsOf, type Database, type Executor } from "../../db/client";
import { columnList, tablesOfCategory, type TableShape } from "./backup-tables";

/** Rows per keyset page: large enough to keep round trips few, small enough to keep memory flat. */
const PAGE_ROWS = 2_000;

/**
 * The head of a backup file. The file is one JSON object, written in this order so that a reader can
 * check the version and learn the counts before any row:
 *   {"format": ..., "version": 1, "meta": {...}, "tables": {"<table>": [<row>, ...], ...}}
 * Rows are objects keyed by column name, values as Postgres writes them in JSON (row_to_json).
 */
export type BackupMeta = {
  createdAt: string;
  createdBy: string;
  categories: string[];
  /** Rows per table, in file order. */
  counts: Record<string, number>;
};

export type WriteBackupOptions = { categories: string[]; createdBy: string; createdAt: Date };

/**
 * Writes a backup of the categories through `write` (which waits while the destination is full). It reads
 * in one REPEATABLE READ transaction, so every table is from the same moment (an image never points at an
 * account made after the accounts were read), paging each table by its primary key.
 */
export async function writeBackup(db: Database, options: WriteBackupOptions, write: (chunk: string) => Promise<void>): Promise<BackupMeta> {
  const tables = options.categories.flatMap(tablesOfCategory);
  return db.transaction(
    async (tx) => {
      const counts: Record<string, number> = {};
      for (const shape of tables) counts[shape.name] = await countRows(tx, shape);
      const meta: BackupMeta = { createdAt: options.createdAt.toISOString(), createdBy: options.createdBy, categories: options.categories, counts };
      await write(`{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_FORMAT_VERSION},"meta":${JSON.stringify(meta)},"tables":{`);
      for (const [index, shape] of tables.entries()) {
        await write(`${index === 0 ? "" : ","}\n${JSON.stringify(shape.name)}:[`);
        let first = true;
        for await (const rows of pagesOf(tx, shape)) {
          await write(`${first ? "\n" : ",\n"}${rows.join(",\n")}`);
          first = false;
        }
        await write("]");
      }
      await write("\n}}\n");
      return meta;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function countRows(tx: Executor, shape: TableShape): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as n from ${shape.table}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The table's rows as JSON texts, a page at a time, by primary key (keyset paging: every page costs the same). */
async function* pagesOf(tx: Executor, shape: TableShape): AsyncGenerator<string[]> {
  const keys = shape.primaryKey.map((_, index) => `k${index}`);
  const selectKeys = sql.join(
    shape.primaryKey.map((column, index) => sql`${sql.identifier("t")}.${sql.identifier(column)}::text as ${sql.identifier(keys[index]!)}`),
    sql`, `,
  );
  let after: string[] | null = null;
  for (;;) {
    const where: ReturnType<typeof sql> = after
      ? sql`where (${columnList(shape.primaryKey, "t")}) > (${sql.join(
          after.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql``;
    const result = await tx.execute(sql`
      select row_to_json(t)::text as row, ${selectKeys}
      from ${shape.table} as t ${where}
      order by ${columnList(shape.primaryKey, "t")}
      limit ${PAGE_ROWS}`);
    const rows = rowsOf<Record<string, string>>(result);
    if (rows.length === 0) return;
    yield rows.map((row) => row.row!);
    if (rows.length < PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = keys.map((key) => last[key]!);
  }
}
