import { and, asc, count, countDistinct, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { isAdminRole, type SessionUser } from "#common/auth/accounts.ts";
import {
  CHAPTER_STATUSES,
  RATING_MIN_COUNT,
  readTimeMinutes,
  type ChapterCard,
  type ChapterDetail,
  type ChapterDraft,
  type ChapterStatus,
  type ChecklistItem,
  type PlaybookBrowseResult,
  type RatingSummary,
  type StartersResult,
} from "#common/playbook/playbook.ts";
import type {
  ChapterInput,
  ChapterSetStatusInput,
  ChapterUpdateInput,
  ChecklistItemInput,
  PlaybookBrowseInput,
} from "#common/playbook/input.ts";
import type { Database } from "#server/db/client.ts";
import { playbookChapters, playbookChecklistTicks, playbookRatings, playbookReaders, siteSettings } from "#server/db/schema/index.ts";
import { conflict, notFound } from "#server/infra/errors.ts";
import type { PdfChapter } from "./pdf";
import { STARTER_CHAPTERS } from "./starter-chapters";

/*
 * Playbook chapters: admins write them (any status); members read the published ones and see Coming Soon
 * ones as cards. A draft, or a Coming Soon chapter's body, answers 404 to members, as if it did not exist.
 */

export const CHAPTER_NOT_FOUND = "Chapter not found";
export const STARTERS_SETTING_KEY = "playbook.starterChaptersAdded";

export type ChapterRow = typeof playbookChapters.$inferSelect;
export type Viewer = Pick<SessionUser, "id" | "role">;

/** What a member's list shows; admins see drafts too. */
const LISTED_TO_MEMBERS: ChapterStatus[] = ["published", "coming_soon"];

/** Members read published chapters only; admins read any (to check a draft as members will see it). */
export const canRead = (viewer: Viewer, status: ChapterStatus) => status === "published" || isAdminRole(viewer.role);

const ratingSummary = (average: number | string | null, ratings: number): RatingSummary => ({
  average: ratings >= RATING_MIN_COUNT && average !== null ? Math.round(Number(average) * 10) / 10 : null,
  count: ratings,
});

function toCard(row: ChapterRow, rating: RatingSummary): ChapterCard {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    difficulty: row.difficulty,
    status: row.status,
    readTimeMinutes: readTimeMinutes(row.body),
    downloads: row.downloads,
    checklistCount: row.checklist.length,
    rating,
    lastUpdated: row.updatedAt.toISOString(),
  };
}

const ratingsByChapter = (db: Database) =>
  db
    .select({
      chapterId: playbookRatings.chapterId,
      average: sql<string>`avg(${playbookRatings.rating})`.as("average"),
      ratings: count().as("ratings"),
    })
    .from(playbookRatings)
    .groupBy(playbookRatings.chapterId)
    .as("chapter_ratings");

/** ILIKE treats % and _ as wildcards: a search for "100%" means the text. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

async function playbookStats(db: Database) {
  const [[published], [readers]] = await Promise.all([
    db.select({ n: count() }).from(playbookChapters).where(eq(playbookChapters.status, "published")),
    db.select({ n: countDistinct(playbookReaders.userId) }).from(playbookReaders),
  ]);
  return { chapters: published?.n ?? 0, readers: readers?.n ?? 0 };
}

async function startersAvailable(db: Database): Promise<boolean> {
  const [row] = await db.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.key, STARTERS_SETTING_KEY));
  return !row;
}

/**
 * The list with its stats: searched across title, description and body, filtered by category, in writing
 * order. Search, filters and counts see only what the viewer may see: a body is searched only where
 * `canRead` lets the viewer open the chapter.
 */
export async function browseChapters(
  db: Database,
  viewer: Viewer,
  input: PlaybookBrowseInput,
  includeDrafts = false,
): Promise<PlaybookBrowseResult> {
  const statuses = includeDrafts && isAdminRole(viewer.role) ? [...CHAPTER_STATUSES] : LISTED_TO_MEMBERS;
  const filters: SQL[] = [inArray(playbookChapters.status, statuses)];
  if (input.category) filters.push(eq(playbookChapters.category, input.category));
  if (input.search) {
    const pattern = containing(input.search);
    // A card's title and description are shown to whoever sees the card; its body only to who may open it.
    // Matching a body the viewer cannot read would let them probe it one word at a time.
    const readable = CHAPTER_STATUSES.filter((status) => canRead(viewer, status));
    const readableBody = and(inArray(playbookChapters.status, readable), ilike(playbookChapters.body, pattern))!;
    filters.push(or(ilike(playbookChapters.title, pattern), ilike(playbookChapters.description, pattern), readableBody)!);
  }
  const ratings = ratingsByChapter(db);
  const [rows, stats, starters] = await Promise.all([
    db
      .select({ chapter: playbookChapters, average: ratings.average, ratings: ratings.ratings })
      .from(playbookChapters)
      .leftJoin(ratings, eq(ratings.chapterId, playbookChapters.id))
      .where(and(...filters))
      .orderBy(asc(playbookChapters.createdAt), asc(playbookChapters.id)),
    playbookStats(db),
    includeDrafts ? startersAvailable(db) : Promise.resolve(false),
  ]);
  return {
    stats,
    chapters: rows.map((row) => toCard(row.chapter, ratingSummary(row.average, row.ratings ?? 0))),
    startersAvailable: starters,
  };
}

async function findRow(db: Database, id: string): Promise<ChapterRow> {
  const [row] = await db.select().from(playbookChapters).where(eq(playbookChapters.id, id));
  if (!row) throw notFound(CHAPTER_NOT_FOUND);
  return row;
}

/** The chapter if this viewer may read it; else 404 (a member learns nothing of drafts). */
export async function findReadableChapter(db: Database, viewer: Viewer, id: string): Promise<ChapterRow> {
  const row = await findRow(db, id);
  if (!canRead(viewer, row.status)) throw notFound(CHAPTER_NOT_FOUND);
  return row;
}

export async function chapterRating(db: Database, chapterId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({ average: sql<string | null>`avg(${playbookRatings.rating})`, ratings: count() })
    .from(playbookRatings)
    .where(eq(playbookRatings.chapterId, chapterId));
  return ratingSummary(row?.average ?? null, row?.ratings ?? 0);
}

export async function completedItemIds(db: Database, userId: string, chapter: Pick<ChapterRow, "id" | "checklist">): Promise<string[]> {
  const rows = await db
    .select({ itemId: playbookChecklistTicks.itemId })
    .from(playbookChecklistTicks)
    .where(and(eq(playbookChecklistTicks.userId, userId), eq(playbookChecklistTicks.chapterId, chapter.id)));
  const ticked = new Set(rows.map((row) => row.itemId));
  return chapter.checklist.filter((item) => ticked.has(item.id)).map((item) => item.id);
}

/**
 * A chapter to read, with the viewer's ticks and rating. Opening a published chapter makes a member one of
 * its readers (admins checking their own chapters are not readers).
 */
export async function readChapter(db: Database, viewer: Viewer, id: string): Promise<ChapterDetail> {
  const row = await findReadableChapter(db, viewer, id);
  if (row.status === "published" && !isAdminRole(viewer.role)) {
    await db.insert(playbookReaders).values({ chapterId: row.id, userId: viewer.id }).onConflictDoNothing();
  }
  const [rating, completed, [mine]] = await Promise.all([
    chapterRating(db, row.id),
    completedItemIds(db, viewer.id, row),
    db
      .select({ rating: playbookRatings.rating })
      .from(playbookRatings)
      .where(and(eq(playbookRatings.chapterId, row.id), eq(playbookRatings.userId, viewer.id))),
  ]);
  return {
    ...toCard(row, rating),
    body: row.body,
    tools: row.tools,
    keyTakeaways: row.keyTakeaways,
    checklist: row.checklist,
    completedItemIds: completed,
    myRating: mine?.rating ?? null,
  };
}

/* --- Authoring (admins) --- */

const toDraft = (row: ChapterRow): ChapterDraft => ({
  id: row.id,
  title: row.title,
  category: row.category,
  description: row.description,
  body: row.body,
  difficulty: row.difficulty,
  tools: row.tools,
  keyTakeaways: row.keyTakeaways,
  checklist: row.checklist,
  status: row.status,
});

export const getChapterDraft = async (db: Database, id: string): Promise<ChapterDraft> => toDraft(await findRow(db, id));

/** 10 base-36 characters: unique within a chapter's few items, short in the ticks table. */
const newItemId = () =>
  crypto
    .getRandomValues(new Uint32Array(2))
    .reduce((text, n) => text + n.toString(36).padStart(7, "0"), "")
    .slice(0, 10);

/** Items keep their id (members' ticks stay on them); new ones, and a repeated id, get a fresh one. */
function withItemIds(items: ChecklistItemInput[]): ChecklistItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : newItemId();
    seen.add(id);
    return { id, text: item.text, timeEstimate: item.timeEstimate };
  });
}

const columnsOf = (input: Omit<ChapterInput, "checklist"> & { checklist: ChecklistItemInput[] }) => ({
  title: input.title,
  category: input.category,
  description: input.description,
  body: input.body,
  difficulty: input.difficulty,
  tools: input.tools,
  keyTakeaways: input.keyTakeaways,
  checklist: withItemIds(input.checklist),
  status: input.status,
});

export async function createChapter(db: Database, input: ChapterInput): Promise<ChapterDraft> {
  const [row] = await db.insert(playbookChapters).values(columnsOf(input)).returning();
  return toDraft(row!);
}

export async function updateChapter(db: Database, input: ChapterUpdateInput): Promise<ChapterDraft> {
  const { id, ...fields } = input;
  const [row] = await db.update(playbookChapters).set(columnsOf(fields)).where(eq(playbookChapters.id, id)).returning();
  if (!row) throw notFound(CHAPTER_NOT_FOUND);
  return toDraft(row);
}

export async function setChapterStatus(db: Database, input: ChapterSetStatusInput): Promise<ChapterDraft> {
  const [row] = await db.update(playbookChapters).set({ status: input.status }).where(eq(playbookChapters.id, input.id)).returning();
  if (!row) throw notFound(CHAPTER_NOT_FOUND);
  return toDraft(row);
}

export async function deleteChapter(db: Database, id: string): Promise<{ deleted: { id: string } }> {
  const [deleted] = await db.delete(playbookChapters).where(eq(playbookChapters.id, id)).returning({ id: playbookChapters.id });
  if (!deleted) throw notFound(CHAPTER_NOT_FOUND);
  return { deleted };
}

/**
 * Writes the starter chapters, once per site: the settings row is claimed in the same transaction, so a
 * second click (or a second admin at the same moment) adds nothing and is told so.
 */
export async function addStarterChapters(db: Database, adminId: string): Promise<StartersResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(siteSettings)
      .values({ key: STARTERS_SETTING_KEY, value: { addedAt: new Date().toISOString() }, updatedBy: adminId })
      .onConflictDoNothing({ target: siteSettings.key })
      .returning({ key: siteSettings.key });
    if (claimed.length === 0) throw conflict("The starter chapters were already added");
    // now() is the same for a whole transaction: a millisecond apart, so the list keeps the starters' order.
    const start = Date.now();
    await tx
      .insert(playbookChapters)
      .values(STARTER_CHAPTERS.map((starter, i) => ({ ...columnsOf(starter), createdAt: new Date(start + i) })));
    return { added: STARTER_CHAPTERS.length };
  });
}

/** A download: counted (without touching the chapter's Last Updated), then the chapter as the PDF shows it. */
export async function downloadChapter(db: Database, viewer: Viewer, id: string): Promise<PdfChapter> {
  const row = await findReadableChapter(db, viewer, id);
  const [counted] = await db
    .update(playbookChapters)
    .set({ downloads: sql`${playbookChapters.downloads} + 1`, updatedAt: row.updatedAt })
    .where(eq(playbookChapters.id, row.id))
    .returning();
  if (!counted) throw notFound(CHAPTER_NOT_FOUND);
  return {
    ...toCard(counted, await chapterRating(db, row.id)),
    body: counted.body,
    tools: counted.tools,
    keyTakeaways: counted.keyTakeaways,
    checklist: counted.checklist,
  };
}
