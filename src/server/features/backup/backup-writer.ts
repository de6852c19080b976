import { createHmac } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "#common/backup/backup.ts";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import { SIGNATURE_PREFIX } from "./backup-file";
import { columnList, rowsBackedUp, tablesOfCategory, type TableShape } from "./backup-tables";

/** Rows per keyset page: large enough to keep round trips few, small enough to keep memory flat. */
const PAGE_ROWS = 5_000;

/**
 * The head of a backup file. The file is one JSON object, written in this order so that a reader can
 * check the version and learn the counts before any row:
 *   {"format": ..., "version": 1, "meta": {...}, "tables": {"<table>": [<row>, ...], ...}}
 * Rows are objects keyed by column name, values as Postgres writes them in JSON (row_to_json). The last
 * field, on the last line, is the HMAC-SHA256 of every byte before that line with the site's backup secret:
 *   ...},\n"signature":"hmac-sha256:<hex>"}
 * so that a restore can tell a file this site wrote, unchanged, from any other.
 */
export type BackupMeta = {
  createdAt: string;
  createdBy: string;
  categories: string[];
  /** Rows per table, in file order. */
  counts: Record<string, number>;
};

export type WriteBackupOptions = {
  categories: string[];
  createdBy: string;
  createdAt: Date;
  /** The site's backup-signing secret. */ secret: string;
};

/**
 * Writes a backup of the categories through `write` (which waits while the destination is full). It reads
 * in one REPEATABLE READ transaction, so every table is from the same moment (an image never points at an
 * account made after the accounts were read), paging each table by its primary key.
 */
export async function writeBackup(
  db: Database,
  options: WriteBackupOptions,
  writeOut: (chunk: string) => Promise<void>,
): Promise<BackupMeta> {
  const tables = options.categories.flatMap(tablesOfCategory);
  const hmac = createHmac("sha256", options.secret);
  const write = (chunk: string) => {
    hmac.update(chunk);
    return writeOut(chunk);
  };
  return db.transaction(
    async (tx) => {
      const counts: Record<string, number> = {};
      for (const shape of tables) counts[shape.name] = await countRows(tx, shape);
      const meta: BackupMeta = {
        createdAt: options.createdAt.toISOString(),
        createdBy: options.createdBy,
        categories: options.categories,
        counts,
      };
      await write(
        `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_FORMAT_VERSION},"meta":${JSON.stringify(meta)},"tables":{`,
      );
      for (const [index, shape] of tables.entries()) {
        await write(`${index === 0 ? "" : ","}\n${JSON.stringify(shape.name)}:[`);
        let first = true;
        for await (const rows of pagesOf(tx, shape)) {
          await write(`${first ? "\n" : ",\n"}${rows}`);
          first = false;
        }
        await write("]");
      }
      await write("\n},\n");
      await writeOut(`"signature":"${SIGNATURE_PREFIX}${hmac.digest("hex")}"}\n`);
      return meta;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function countRows(tx: Executor, shape: TableShape): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as n from ${shape.table} as t where ${rowsBackedUp(shape, "t")}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * The table's rows as JSON text, a page at a time, by primary key (keyset paging: every page costs the
 * same). Postgres joins each page into one string, so the driver handles one value per page, not per row.
 */
async function* pagesOf(tx: Executor, shape: TableShape): AsyncGenerator<string> {
  const order = columnList(shape.primaryKey, "p");
  const lastKeys = sql.join(
    shape.primaryKey.map(
      (column, index) => sql`(array_agg(p.${sql.identifier(column)}::text order by ${order} desc))[1] as ${sql.identifier(`k${index}`)}`,
    ),
    sql`, `,
  );
  let after: string[] | null = null;
  for (;;) {
    const where: SQL = after
      ? sql`where ${rowsBackedUp(shape, "t")} and (${columnList(shape.primaryKey, "t")}) > (${sql.join(
          after.map((value) => sql`${value}`),
          sql`, `,
        )})`
      : sql`where ${rowsBackedUp(shape, "t")}`;
    const result: unknown = await tx.execute(sql`
      with p as (select * from ${shape.table} as t ${where} order by ${columnList(shape.primaryKey, "t")} limit ${PAGE_ROWS})
      select count(*)::int as n, string_agg(row_to_json(p)::text, E',\n' order by ${order}) as rows, ${lastKeys} from p`);
    const page: Record<string, string | number | null> | undefined = rowsOf<Record<string, string | number | null>>(result)[0];
    const count = Number(page?.n ?? 0);
    if (!page || count === 0) return;
    yield String(page.rows);
    if (count < PAGE_ROWS) return;
    after = shape.primaryKey.map((_, index): string => String(page[`k${index}`]));
  }
}
