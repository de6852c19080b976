import { count, desc, eq } from "drizzle-orm";
import { BUILDER_STATUSES, type BuilderStatus } from "#common/builders/builders.ts";
import type {
  AdminBuilder,
  BuilderAdminCreateInput,
  BuilderAdminDeleteResult,
  BuilderAdminList,
  BuilderAdminResult,
  BuilderSummary,
} from "#common/builders/admin.ts";
import type { Database } from "#server/db/client.ts";
import { builders } from "#server/db/schema/index.ts";
import { notFound } from "#server/infra/errors.ts";
import { BUILDER_NOT_FOUND, insertBuilder, setBuilderStatus, toPublicBuilder, type BuilderRow } from "./service";

/*
 * The back office's side of the builders directory: every profile in every status, with its email.
 * Callers check the admin role (adminProcedure, guards.admin); these functions trust that they are called by an admin.
 */

/**
 * A row as the back office sees it: the public fields (one list of them, in toPublicBuilder) plus the email and
 * when its address was confirmed (null: not confirmed, which the page marks).
 */
export function toAdminBuilder(row: BuilderRow): AdminBuilder {
  const { canEdit: _canEdit, ...publicFields } = toPublicBuilder(row, null);
  return { ...publicFields, email: row.email, emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null };
}

/** Counts per status, every status present (zero when it has none), and their total. */
function summaryOf(counts: Array<{ status: BuilderStatus; n: number }>): BuilderSummary {
  const byStatus = Object.fromEntries(BUILDER_STATUSES.map((status) => [status, 0])) as Record<BuilderStatus, number>;
  for (const { status, n } of counts) byStatus[status] += n;
  return { total: counts.reduce((sum, { n }) => sum + n, 0), byStatus };
}

/** One grouped count (builders_status_created_at_idx), for the dashboard. */
export async function summarizeBuilders(db: Database): Promise<BuilderSummary> {
  return summaryOf(await db.select({ status: builders.status, n: count() }).from(builders).groupBy(builders.status));
}

/**
 * Every builder, newest first, and the counts. The list is the whole table (the page filters by status in
 * the browser), so Postgres reads it once and sorts it; if it ever grows past a few thousand rows, the
 * next step is paging with an index on created_at.
 */
export async function listBuildersForAdmin(db: Database): Promise<BuilderAdminList> {
  const rows = await db.select().from(builders).orderBy(desc(builders.createdAt), desc(builders.id));
  // Counted from the same rows, so the figures always agree with the list.
  return { builders: rows.map(toAdminBuilder), summary: summaryOf(rows.map(({ status }) => ({ status, n: 1 }))) };
}

/** A move along the status machine that setBuilderStatus enforces (400 for any other move, 404 unknown id). */
export async function changeBuilderStatus(db: Database, id: string, status: BuilderStatus): Promise<BuilderAdminResult> {
  return { builder: toAdminBuilder(await setBuilderStatus(db, id, status)) };
}

/**
 * An admin adds a profile in the status of their choice; 409 when the email already has one. Its address counts
 * as confirmed: the admin vouches for it.
 */
export async function createBuilderAsAdmin(db: Database, input: BuilderAdminCreateInput): Promise<BuilderAdminResult> {
  const { status, ...profile } = input;
  return { builder: toAdminBuilder(await insertBuilder(db, profile, status, { emailConfirmed: true })) };
}

/** Removes a profile in any status. */
export async function deleteBuilder(db: Database, id: string): Promise<BuilderAdminDeleteResult> {
  const [deleted] = await db.delete(builders).where(eq(builders.id, id)).returning({ id: builders.id });
  if (!deleted) throw notFound(BUILDER_NOT_FOUND);
  return { deleted };
}
