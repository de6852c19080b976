import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import {
  BANGER_STATUSES,
  BANGER_TYPES,
  canMoveBanger,
  checkPlatformLimits,
  taggedLink,
  type Banger,
  type BangerCampaignResult,
  type BangerDeleteResult,
  type BangerList,
  type BangerResult,
  type BangerSummary,
} from "#common/bangers/bangers.ts";
import type { BangerCreateInput, BangerListInput, BangerSetStatusInput, BangerUpdateInput } from "#common/bangers/input.ts";
import type { Database } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { bangers } from "#server/db/schema/index.ts";
import { conflict, invalid, notFound } from "#server/infra/errors.ts";
import { figuresOfCampaign } from "#server/features/analytics/index.ts";

/*
 * Content bangers: the back office's drafts, the status machine draft -> ready -> posted (and back to draft),
 * and each posted banger's campaign figures. Callers check the admin role (adminProcedure, guards.admin).
 */

export const BANGER_NOT_FOUND = "Banger not found";

type BangerRow = typeof bangers.$inferSelect;

function toBanger(row: BangerRow): Banger {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    content: row.content,
    tags: row.tags,
    metadata: row.metadata,
    campaign: row.campaign,
    postedUrl: row.postedUrl,
    postedAt: row.postedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The metadata's platform defaults to the banger's type. */
const withPlatform = (metadata: Record<string, unknown>, type: Banger["type"]) => ({
  ...metadata,
  platform: typeof metadata.platform === "string" && metadata.platform !== "" ? metadata.platform : type,
});

/** 8 characters of base32 (40 random bits): short enough to read in a link, unique by constraint. */
const newCampaignId = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(5)));

const emptyCounts = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** One grouped count per status (bangers_status_created_at_idx), for the dashboard's Quick Action. */
export async function countBangersByStatus(db: Database): Promise<Record<Banger["status"], number>> {
  const counts = emptyCounts(BANGER_STATUSES);
  const rows = await db.select({ status: bangers.status, n: count() }).from(bangers).groupBy(bangers.status);
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Tweets still in draft: what Brand Voice saves, for the dashboard's count. */
export async function countDraftTweets(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bangers)
    .where(and(eq(bangers.type, "tweet"), eq(bangers.status, "draft")));
  return row?.n ?? 0;
}

/** Every banger (the table is a team's drafts: hundreds, not millions), filtered for the list, counted for the summary. */
export async function listBangers(db: Database, filters: BangerListInput): Promise<BangerList> {
  const rows = await db.select().from(bangers).orderBy(desc(bangers.createdAt), desc(bangers.id));
  const summary: BangerSummary = { total: rows.length, byType: emptyCounts(BANGER_TYPES), byStatus: emptyCounts(BANGER_STATUSES) };
  for (const row of rows) {
    summary.byType[row.type] += 1;
    summary.byStatus[row.status] += 1;
  }
  const shown = rows.filter((row) => (!filters.type || row.type === filters.type) && (!filters.status || row.status === filters.status));
  return { bangers: shown.map(toBanger), summary };
}

/** Where a generated draft came from: the Lab experiment, and the day it is planned for (its calendar date). */
export type BangerOrigin = { experimentId: string; plannedFor: string };

/**
 * A new banger: a draft unless a status is given. One created directly as ready must fit its platform, like
 * a move to ready; one created as posted is refused (posting needs the post's URL, through setStatus).
 */
export async function createBanger(db: Database, input: BangerCreateInput, origin?: BangerOrigin): Promise<BangerResult> {
  const status = input.status ?? "draft";
  if (status === "posted") throw invalid("Create the banger first, then mark it posted with the post's URL");
  if (status === "ready") assertFits(input.type, input.content);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(bangers)
        .values({
          type: input.type,
          status,
          title: input.title,
          content: input.content,
          tags: input.tags,
          metadata: withPlatform(input.metadata, input.type),
          campaign: newCampaignId(),
          ...origin,
        })
        .returning();
      return { banger: toBanger(row!) };
    } catch (error) {
      // Only the campaign id can collide (one in a trillion per pair): draw another.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

async function findRow(db: Database, id: string): Promise<BangerRow> {
  const [row] = await db.select().from(bangers).where(eq(bangers.id, id));
  if (!row) throw notFound(BANGER_NOT_FOUND);
  return row;
}

function assertFits(type: Banger["type"], content: string) {
  const check = checkPlatformLimits(type, content);
  if (!check.ok) throw invalid(check.reason ?? "The content does not fit its platform");
}

/** Writes `values` only if the banger is still in `status` (two admins at once): else 409. */
async function updateIfStatus(
  db: Database,
  id: string,
  status: Banger["status"],
  values: Partial<typeof bangers.$inferInsert>,
): Promise<Banger> {
  const where: SQL = and(eq(bangers.id, id), eq(bangers.status, status))!;
  const [row] = await db.update(bangers).set(values).where(where).returning();
  if (!row) throw conflict("The banger changed meanwhile. Reload and try again.");
  return toBanger(row);
}

/** Edits the text, type, tags and metadata. A ready or posted banger keeps fitting its platform. */
export async function updateBanger(db: Database, input: BangerUpdateInput): Promise<BangerResult> {
  const current = await findRow(db, input.id);
  if (current.status !== "draft") assertFits(input.type, input.content);
  const banger = await updateIfStatus(db, input.id, current.status, {
    type: input.type,
    title: input.title,
    content: input.content,
    tags: input.tags,
    metadata: withPlatform(input.metadata, input.type),
  });
  return { banger };
}

/**
 * A move of the status machine: to ready only when the content fits its platform (the refusal says why),
 * to posted with the post's URL (recorded with the time), back to draft from either (the post data is cleared).
 */
export async function setBangerStatus(db: Database, input: BangerSetStatusInput): Promise<BangerResult> {
  const current = await findRow(db, input.id);
  if (!canMoveBanger(current.status, input.status)) throw invalid(`A banger cannot move from ${current.status} to ${input.status}`);
  if (input.status === "ready") assertFits(current.type, current.content);
  const values =
    input.status === "posted"
      ? { status: input.status, postedUrl: input.postedUrl, postedAt: new Date() }
      : { status: input.status, postedUrl: null, postedAt: null };
  return { banger: await updateIfStatus(db, input.id, current.status, values) };
}

export async function deleteBanger(db: Database, id: string): Promise<BangerDeleteResult> {
  const [deleted] = await db.delete(bangers).where(eq(bangers.id, id)).returning({ id: bangers.id });
  if (!deleted) throw notFound(BANGER_NOT_FOUND);
  return { deleted };
}

/**
 * A banger's tagged link to the site and, once posted, its visitors and joins since it was posted (the
 * Campaigns panel's definition); zeros before.
 */
export async function bangerCampaign(db: Database, id: string, siteUrl: string, now = new Date()): Promise<BangerCampaignResult> {
  const row = await findRow(db, id);
  const link = taggedLink(siteUrl, row);
  if (!row.postedAt) return { campaign: row.campaign, link, since: null, figures: { visitors: 0, joins: 0 } };
  const figures = await figuresOfCampaign(db, row.campaign, { from: row.postedAt, to: now });
  return { campaign: row.campaign, link, since: row.postedAt.toISOString(), figures };
}
