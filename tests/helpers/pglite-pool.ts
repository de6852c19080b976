import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "#server/db/client.ts";
import { wrapPglite } from "#server/db/pglite.ts";
import { CACHE_BUS_CHANNEL } from "#server/infra/cache-bus.ts";

/**
 * Embedded test databases that outlive their test file. Booting PGlite from the migrated snapshot costs one to
 * two seconds of CPU, paid once per file; emptying one takes about 60 ms. So a file's `close` empties its
 * database (every table truncated, identities restarted, the session's state discarded) and keeps it for the
 * next file of the same worker (vitest runs files without isolation: this module lives as long as the worker).
 *
 * An emptied database must be exactly what the snapshot gives. So it is kept only if its schema (relations,
 * columns, constraints, triggers, functions, applied migrations) is still the snapshot's: a file that migrated,
 * dropped or added anything hands back a database that is closed instead, and the next file boots a fresh one.
 */
const idle: PGlite[] = [];
let snapshotFingerprint: string | undefined;

export async function openPooledPglite(snapshotPath: string): Promise<DatabaseHandle> {
  const client = idle.pop() ?? (await bootFromSnapshot(snapshotPath));
  let closed = false;
  return wrapPglite(client, async () => {
    if (closed) return;
    closed = true;
    if (await emptiedForReuse(client)) idle.push(client);
    else await client.close().catch(() => {});
  });
}

async function bootFromSnapshot(snapshotPath: string): Promise<PGlite> {
  const client = new PGlite({ loadDataDir: new Blob([await fs.readFile(snapshotPath)]) });
  snapshotFingerprint ??= await schemaFingerprint(client);
  return client;
}

async function emptiedForReuse(client: PGlite): Promise<boolean> {
  if (client.closed) return false;
  try {
    if ((await schemaFingerprint(client)) !== snapshotFingerprint) return false;
    await client.unlisten(CACHE_BUS_CHANNEL);
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
    );
    const sequences = await client.query<{ name: string }>(
      `select format('%I.%I', sequence_schema, sequence_name) as name from information_schema.sequences where sequence_schema = 'public'`,
    );
    await client.exec(
      [
        `truncate ${tables.rows.map((t) => t.name).join(", ")} restart identity cascade`,
        ...sequences.rows.map((s) => `alter sequence ${s.name} restart`),
      ].join(";\n"),
    );
    // Outside any transaction: session settings, advisory locks, LISTENs, prepared statements and temporary tables.
    await client.exec("discard all");
    return true;
  } catch {
    // Left in a state it cannot be emptied from (an aborted transaction, say): the next file boots a fresh one.
    return false;
  }
}

/** One text per part of the schema, each sorted, hashed together. */
const FINGERPRINT_PARTS = [
  `select c.relname || ':' || c.relkind::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle')`,
  `select a.attrelid::regclass || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull
          || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped`,
  `select conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace`,
  `select tgname from pg_trigger where not tgisinternal`,
  `select p.oid::regprocedure::text || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace`,
  `select count(*)::text from drizzle.__drizzle_migrations`,
];

function schemaFingerprint(client: PGlite): Promise<string> {
  const parts = FINGERPRINT_PARTS.map((part) => `(select coalesce(string_agg(x, ',' order by x), '') from (${part}) as part(x))`);
  return client
    .query<{ fingerprint: string }>(`select md5(concat_ws('|', ${parts.join(", ")})) as fingerprint`)
    .then((result) => result.rows[0]!.fingerprint);
}
