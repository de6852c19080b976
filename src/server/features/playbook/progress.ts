import { and, eq } from "drizzle-orm";
import type { ChecklistProgress, RateResult } from "#common/playbook/playbook.ts";
import type { ChapterRateInput, ChecklistToggleInput } from "#common/playbook/input.ts";
import type { Database } from "#server/db/client.ts";
import { playbookChecklistTicks, playbookRatings } from "#server/db/schema/index.ts";
import { invalid, notFound } from "#server/infra/errors.ts";
import { chapterRating, completedItemIds, findReadableChapter, type Viewer } from "./service";

/* A member's own progress on a chapter: checklist ticks and the rating. Both need a published chapter. */

async function findPublished(db: Database, viewer: Viewer, chapterId: string) {
  const chapter = await findReadableChapter(db, viewer, chapterId);
  if (chapter.status !== "published") throw invalid("Only published chapters can be ticked off or rated");
  return chapter;
}

/** One toggle, saved at once; answers the member's ticks of this chapter as they now stand. */
export async function toggleChecklistItem(db: Database, viewer: Viewer, input: ChecklistToggleInput): Promise<ChecklistProgress> {
  const chapter = await findPublished(db, viewer, input.chapterId);
  if (!chapter.checklist.some((item) => item.id === input.itemId)) throw notFound("Checklist item not found");
  const key = { userId: viewer.id, chapterId: chapter.id, itemId: input.itemId };
  if (input.done) {
    await db.insert(playbookChecklistTicks).values(key).onConflictDoNothing();
  } else {
    await db
      .delete(playbookChecklistTicks)
      .where(
        and(
          eq(playbookChecklistTicks.userId, key.userId),
          eq(playbookChecklistTicks.chapterId, key.chapterId),
          eq(playbookChecklistTicks.itemId, key.itemId),
        ),
      );
  }
  return { completedItemIds: await completedItemIds(db, viewer.id, chapter) };
}

/** One rating per member and chapter: a second one replaces the first. */
export async function rateChapter(db: Database, viewer: Viewer, input: ChapterRateInput): Promise<RateResult> {
  const chapter = await findPublished(db, viewer, input.chapterId);
  await db
    .insert(playbookRatings)
    .values({ chapterId: chapter.id, userId: viewer.id, rating: input.rating })
    .onConflictDoUpdate({
      target: [playbookRatings.chapterId, playbookRatings.userId],
      set: { rating: input.rating, updatedAt: new Date() },
    });
  return { myRating: input.rating, rating: await chapterRating(db, chapter.id) };
}
