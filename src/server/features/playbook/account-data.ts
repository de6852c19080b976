import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { playbookChapters, playbookChecklistTicks, playbookRatings } from "#server/db/schema/index.ts";
import { isoOrNull as iso } from "#server/infra/iso-date.ts";

/**
 * An account's Playbook progress for its data export: checklist ticks and ratings, each with its chapter's title.
 * The rows go with the account itself: their foreign keys cascade from the user row.
 */
export async function exportPlaybookProgressOf(db: Database, userId: string) {
  const ticks = await db
    .select({
      chapterId: playbookChecklistTicks.chapterId,
      chapter: playbookChapters.title,
      itemId: playbookChecklistTicks.itemId,
      at: playbookChecklistTicks.createdAt,
    })
    .from(playbookChecklistTicks)
    .innerJoin(playbookChapters, eq(playbookChapters.id, playbookChecklistTicks.chapterId))
    .where(eq(playbookChecklistTicks.userId, userId))
    .orderBy(asc(playbookChecklistTicks.createdAt));
  const ratings = await db
    .select({
      chapterId: playbookRatings.chapterId,
      chapter: playbookChapters.title,
      rating: playbookRatings.rating,
      at: playbookRatings.updatedAt,
    })
    .from(playbookRatings)
    .innerJoin(playbookChapters, eq(playbookChapters.id, playbookRatings.chapterId))
    .where(eq(playbookRatings.userId, userId))
    .orderBy(asc(playbookRatings.updatedAt));
  return {
    checklistTicks: ticks.map((tick) => ({
      chapterId: tick.chapterId,
      chapter: tick.chapter,
      itemId: tick.itemId,
      tickedAt: iso(tick.at),
    })),
    ratings: ratings.map((rating) => ({
      chapterId: rating.chapterId,
      chapter: rating.chapter,
      rating: rating.rating,
      ratedAt: iso(rating.at),
    })),
  };
}
