import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { CHAPTER_STATUSES, PLAYBOOK_CATEGORIES, PLAYBOOK_DIFFICULTIES, type ChecklistItem } from "#common/playbook/playbook.ts";
import { createdAt, id, updatedAt } from "./columns";
import { userRef } from "./users";

export const playbookCategory = pgEnum("playbook_category", PLAYBOOK_CATEGORIES);
export const playbookDifficulty = pgEnum("playbook_difficulty", PLAYBOOK_DIFFICULTIES);
export const chapterStatus = pgEnum("playbook_chapter_status", CHAPTER_STATUSES);

/** Playbook chapters, written by admins; the read time is computed from the body, never stored. */
export const playbookChapters = pgTable(
  "playbook_chapters",
  {
    id: id(),
    title: text("title").notNull(),
    category: playbookCategory("category").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull().default(""),
    difficulty: playbookDifficulty("difficulty").notNull(),
    tools: text("tools")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keyTakeaways: text("key_takeaways")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Ordered; each item keeps its id across edits, so members' ticks stay on the right item. */
    checklist: jsonb("checklist").$type<ChecklistItem[]>().notNull().default([]),
    status: chapterStatus("status").notNull().default("draft"),
    downloads: integer("downloads").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("playbook_chapters_status_updated_at_idx").on(t.status, t.updatedAt)],
);

/** One row per member and ticked item: the checklist follows the member to any device. */
export const playbookChecklistTicks = pgTable(
  "playbook_checklist_ticks",
  {
    userId: userRef("user_id"),
    chapterId: uuid("chapter_id")
      .notNull()
      .references(() => playbookChapters.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chapterId, t.itemId] }), index("playbook_checklist_ticks_chapter_idx").on(t.chapterId)],
);

/** One rating per member and chapter, changeable. */
export const playbookRatings = pgTable(
  "playbook_ratings",
  {
    chapterId: uuid("chapter_id")
      .notNull()
      .references(() => playbookChapters.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    rating: smallint("rating").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.userId] }), check("playbook_ratings_rating_check", sql`${t.rating} between 1 and 5`)],
);

/** Who opened which chapter (first time only): the Readers figure is the distinct members here. */
export const playbookReaders = pgTable(
  "playbook_readers",
  {
    chapterId: uuid("chapter_id")
      .notNull()
      .references(() => playbookChapters.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    firstReadAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.userId] }), index("playbook_readers_user_idx").on(t.userId)],
);
