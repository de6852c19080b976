import { sql } from "drizzle-orm";
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { BANGER_STATUSES, BANGER_TYPES } from "#common/bangers/bangers.ts";
import { createdAt, id, updatedAt } from "./columns";
import { experiments } from "./lab";

export const bangerType = pgEnum("banger_type", BANGER_TYPES);
export const bangerStatus = pgEnum("banger_status", BANGER_STATUSES);

/** Content drafts of the back office (threads, posts, chapters) and, once posted, the campaign they drive. */
export const bangers = pgTable(
  "bangers",
  {
    id: id(),
    type: bangerType("type").notNull(),
    status: bangerStatus("status").notNull().default("draft"),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Free-form; `platform` (the tagged link's utm_source) defaults to the type. */
    metadata: jsonb("metadata").$type<Record<string, unknown> & { platform: string }>().notNull(),
    /** Short random id, the utm_campaign of the banger's tagged link. */
    campaign: text("campaign").notNull().unique(),
    postedUrl: text("posted_url"),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    /** The Lab experiment the draft was generated from (Generate Content), with the day it is planned for. */
    experimentId: uuid("experiment_id").references(() => experiments.id, { onDelete: "set null" }),
    plannedFor: date("planned_for", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bangers_created_at_idx").on(t.createdAt),
    index("bangers_type_created_at_idx").on(t.type, t.createdAt),
    index("bangers_status_created_at_idx").on(t.status, t.createdAt),
    index("bangers_experiment_idx")
      .on(t.experimentId)
      .where(sql`${t.experimentId} is not null`),
  ],
);
