import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "#server/db/client.ts";

/**
 * A table filled under another name (its stage) and then put in the table's place: the stage is made like the
 * table, filled and indexed elsewhere (another connection, while the table stays locked), and swapped in by renames
 * instead of copying its rows over and building the table's indexes again.
 *
 * Every statement is written by Postgres from the table's catalog, read before anything changes it: the stage has
 * the table's columns in their order, defaults, NOT NULL and CHECK constraints, storage parameters (a fillfactor)
 * and extended statistics (`LIKE ... INCLUDING ALL`), and, once filled, the table's keys and indexes under names of
 * its own, which the swap renames to the table's, and the grants on the table. What the swap cannot carry over is an
 * object that depends on the table: a view makes the drop, and so the swap, fail (the caller then copies the rows).
 */
export type StagedTable = {
  /** The table and its stage, quoted as identifiers. */
  table: string;
  stage: string;
  /** Makes the stage, empty and without indexes (reads the table's definition: run it before the table is locked). */
  create: string;
  /** Builds the table's keys and indexes on the filled stage, each named `<stage>_<n>`. */
  indexes: string[];
  /** After the stage has taken the table's name: gives each index (and the key it backs) the table's name for it. */
  renames: string[];
  /** After the stage has taken the table's name: grants it what the table was granted (to a reporting role, say). */
  grants: string[];
};

/**
 * Postgres cuts names past 63 bytes, so two of the stage's index names could become one: the stage's own name leaves
 * room for `_<n>` with up to five digits.
 */
const LONGEST_STAGE_NAME = 57;

/** The statements that stage `table` (a table of the current schema, by name) as `stage`. */
export async function stagedTableOf(db: Executor, table: string, stage: string): Promise<StagedTable> {
  if (Buffer.byteLength(stage) > LONGEST_STAGE_NAME) throw new Error(`The stage's name is too long: ${stage}`);
  const result = await db.execute(sql`
    with source as (select ${table}::regclass as oid),
    indexes as (
      select i.indexrelid, c.relname as name, k.oid as constraint_oid, i.indisunique as is_unique,
        format('%s_%s', ${stage}::text, row_number() over (order by c.relname)) as temporary_name
      from pg_index as i join pg_class as c on c.oid = i.indexrelid
        left join pg_constraint as k on k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')
      where i.indrelid = (select oid from source)
    )
    select
      format('%I', ${table}::text) as "table",
      format('%I', ${stage}::text) as "stage",
      format('create table %I (like %s including all excluding indexes)%s', ${stage}::text, (select oid from source),
        coalesce(' with (' || array_to_string((select reloptions from pg_class where oid = (select oid from source)), ', ') || ')', '')) as "create",
      coalesce(array_agg(
        case when constraint_oid is not null
          then format('alter table %I add constraint %I %s', ${stage}::text, temporary_name, pg_get_constraintdef(constraint_oid))
          -- The definition from USING on (method, columns, INCLUDE, WHERE): the name and table are the stage's.
          else format('create %sindex %I on %I %s', case when is_unique then 'unique ' else '' end, temporary_name, ${stage}::text,
            substring(pg_get_indexdef(indexrelid) from ' (USING .*)$'))
        end order by name) filter (where indexrelid is not null), '{}') as "indexes",
      coalesce(array_agg(format('alter index %I rename to %I', temporary_name, name) order by name) filter (where indexrelid is not null), '{}') as "renames",
      array(
        select format('grant %s on %I to %s%s', a.privilege_type, ${table}::text,
          case when a.grantee = 0 then 'public' else a.grantee::regrole::text end,
          case when a.is_grantable then ' with grant option' else '' end)
        from pg_class as c, aclexplode(c.relacl) as a where c.oid = (select oid from source)
        order by 1) as "grants"
    from (select 1) as one left join indexes on true`);
  const row = rowsOf<StagedTable>(result)[0];
  if (!row) throw new Error(`No catalog entry for table ${table}`);
  return row;
}

/** Builds the stage's keys and indexes, then its planner statistics (the table's own go with it when it is dropped). */
export async function indexStage(db: Executor, staged: StagedTable): Promise<void> {
  for (const statement of staged.indexes) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(`analyze ${staged.stage}`));
}

/** Puts the filled and indexed stage in the table's place: the table is dropped, the stage and its indexes renamed. */
export async function swapInStage(tx: Executor, staged: StagedTable): Promise<void> {
  await tx.execute(sql.raw(`drop table ${staged.table}`));
  await tx.execute(sql.raw(`alter table ${staged.stage} rename to ${staged.table}`));
  for (const statement of [...staged.renames, ...staged.grants]) await tx.execute(sql.raw(statement));
}
