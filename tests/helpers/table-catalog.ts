import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { queryRows as read } from "./query-rows";

/**
 * What the catalog says about a table, by name: its columns in their order with types, defaults and NOT NULL, its
 * indexes, constraints, storage parameters and grants. Equal for a table and a copy of it swapped in under its name.
 */
export async function tableCatalogOf(db: Executor, table: string) {
  return {
    columns: await read(
      db,
      sql`select column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
    ),
    indexes: await read(
      db,
      sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table} order by 1`,
    ),
    constraints: await read(
      db,
      sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = ${table}::regclass order by 1`,
    ),
    options: await read(db, sql`select reloptions from pg_class where oid = ${table}::regclass`),
    privileges: await read(
      db,
      sql`select a.grantee::regrole::text as grantee, a.privilege_type, a.is_grantable
        from pg_class as c, aclexplode(c.relacl) as a where c.oid = ${table}::regclass order by 1, 2`,
    ),
  };
}

/** The table's object id: another one once a copy has been swapped in under its name. */
export const tableOidOf = async (db: Executor, table: string) =>
  (await read<{ oid: number }>(db, sql`select ${table}::regclass::oid::int as oid`))[0]?.oid;
