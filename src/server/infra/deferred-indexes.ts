import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "#server/db/client.ts";

/**
 * Drops a table's secondary indexes (neither the primary key, nor unique, nor backing a constraint) inside
 * the caller's transaction, and returns what builds them again. Filling a table with many rows and then
 * building each index in one sort is several times cheaper than keeping every index up to date row by row.
 * Should the transaction fail, the rollback brings them back as they were. The table stays locked (ACCESS
 * EXCLUSIVE) until the transaction ends, so no reader ever sees it without its indexes.
 */
export async function deferSecondaryIndexes(tx: Executor, table: string): Promise<() => Promise<void>> {
  const result = await tx.execute(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index as i
    where i.indrelid = ${table}::regclass and not i.indisprimary and not i.indisunique
      and not exists (select 1 from pg_constraint as c where c.conindid = i.indexrelid)`);
  const indexes = rowsOf<{ name: string; definition: string }>(result);
  // Names and definitions come from the catalog, quoted by Postgres itself.
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return async () => {
    for (const index of indexes) await tx.execute(sql.raw(buildOnEveryPartition(index.definition)));
  };
}

/**
 * The catalog writes a partitioned table's index as `CREATE INDEX ... ON ONLY <table>`, which builds it on the
 * parent alone (invalid, and the partitions unindexed); without ONLY it is built on every partition too.
 */
export const buildOnEveryPartition = (definition: string): string => definition.replace(/ ON ONLY /, " ON ");
