// The zod/mini schemas of The Playbook: the tRPC procedures (playbook.*) and the PDF route parse with them,
// and the chapter editor validates with chapterInput before it saves.
import * as z from "zod/mini";
import { CHAPTER_LIMITS, CHAPTER_STATUSES, PLAYBOOK_CATEGORIES, PLAYBOOK_DIFFICULTIES, RATING_MAX, RATING_MIN } from "./playbook";
import { safeText, type TextKind } from "#common/forms/text-input.ts";

const L = CHAPTER_LIMITS;

const uuidField = (label: string) => safeText(label, `${label} is required`).check(z.trim(), z.guid(`${label} must be a UUID`));

const requiredText = (label: string, max: number, kind: TextKind = "text") =>
  safeText(label, `${label} is required`, kind).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** A list of short texts: each trimmed, empty ones dropped, each once. */
const textList = (label: string, each: number, most: number) =>
  z.pipe(
    z.pipe(
      z.nullish(
        z.array(
          safeText(label).check(z.trim(), z.maxLength(each, `Each of the ${label.toLowerCase()} must be at most ${each} characters`)),
          { error: `${label} must be a list of texts` },
        ),
      ),
      z.transform((items) => [...new Set((items ?? []).filter((item) => item !== ""))]),
    ),
    z.array(z.string()).check(z.maxLength(most, `At most ${most} ${label.toLowerCase()}`)),
  );

const checklistItemInput = z.object({
  /** Kept when editing, so members' ticks survive; new items get one on the server. */
  id: z.optional(safeText("Checklist item id").check(z.regex(/^[a-z0-9]{1,40}$/, "Checklist item id must be short letters and digits"))),
  text: requiredText("Each checklist item", L.checklistText),
  timeEstimate: z.pipe(
    z.nullish(
      safeText("Time estimate").check(z.trim(), z.maxLength(L.timeEstimate, `Time estimate must be at most ${L.timeEstimate} characters`)),
    ),
    z.transform((value) => value ?? ""),
  ),
});
export type ChecklistItemInput = z.infer<typeof checklistItemInput>;

export const chapterIdInput = z.object({ id: uuidField("Chapter id") });
export type ChapterIdInput = z.infer<typeof chapterIdInput>;

const chapterFields = {
  title: requiredText("Title", L.title, "name"),
  category: z.enum(PLAYBOOK_CATEGORIES, { error: `Category must be one of: ${PLAYBOOK_CATEGORIES.join(", ")}` }),
  description: requiredText("Description", L.description),
  body: safeText("Body").check(z.maxLength(L.body, `Body must be at most ${L.body.toLocaleString("en-US")} characters`)),
  difficulty: z.enum(PLAYBOOK_DIFFICULTIES, { error: `Difficulty must be one of: ${PLAYBOOK_DIFFICULTIES.join(", ")}` }),
  tools: textList("Tools", L.tool, L.tools),
  keyTakeaways: textList("Key takeaways", L.takeaway, L.takeaways),
  checklist: z
    .pipe(
      z.nullish(z.array(checklistItemInput, { error: "Checklist must be a list of items" })),
      z.transform((items) => items ?? []),
    )
    .check(z.refine((items) => items.length <= L.checklistItems, `At most ${L.checklistItems} checklist items`)),
  status: z.enum(CHAPTER_STATUSES, { error: "Status must be Published, Coming Soon or Draft" }),
};

/** playbook.create: a whole chapter. */
export const chapterInput = z.object(chapterFields, { error: "Request body must be a JSON object" });
export type ChapterInput = z.infer<typeof chapterInput>;
export type ChapterValues = z.input<typeof chapterInput>;

/** playbook.update: the chapter's id and all its fields. */
export const chapterUpdateInput = z.object({ ...chapterIdInput.shape, ...chapterFields });
export type ChapterUpdateInput = z.infer<typeof chapterUpdateInput>;

export const chapterSetStatusInput = z.object({ ...chapterIdInput.shape, status: chapterFields.status });
export type ChapterSetStatusInput = z.infer<typeof chapterSetStatusInput>;

/** The members' list: search across title, description and body, and one category ("" or absent: all). */
export const playbookBrowseInput = z.object({
  search: z.pipe(
    z.nullish(safeText("Search").check(z.trim(), z.maxLength(L.search, `Search must be at most ${L.search} characters`))),
    z.transform((value) => value ?? ""),
  ),
  category: z.pipe(
    z.pipe(
      z.optional(z.unknown()),
      z.transform((value) => (value === "" || value === null ? undefined : value)),
    ),
    z.optional(chapterFields.category),
  ),
});
export type PlaybookBrowseInput = z.infer<typeof playbookBrowseInput>;

export const checklistToggleInput = z.object({
  chapterId: uuidField("Chapter id"),
  itemId: safeText("Checklist item id", "Checklist item id is required").check(
    z.minLength(1, "Checklist item id is required"),
    z.maxLength(40, "Unknown checklist item"),
  ),
  done: z.boolean({ error: "done must be true or false" }),
});
export type ChecklistToggleInput = z.infer<typeof checklistToggleInput>;

export const chapterRateInput = z.object({
  chapterId: uuidField("Chapter id"),
  rating: z
    .int(`Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .check(
      z.gte(RATING_MIN, `Rating must be from ${RATING_MIN} to ${RATING_MAX}`),
      z.lte(RATING_MAX, `Rating must be from ${RATING_MIN} to ${RATING_MAX}`),
    ),
});
export type ChapterRateInput = z.infer<typeof chapterRateInput>;
