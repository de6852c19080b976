import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { EXPERIMENT_STATUSES, EXPERIMENT_VISIBILITIES } from "#common/lab/lab.ts";
import { createdAt, id, updatedAt } from "./columns";
import { userRef } from "./users";

export const experimentStatus = pgEnum("experiment_status", EXPERIMENT_STATUSES);
export const experimentVisibility = pgEnum("experiment_visibility", EXPERIMENT_VISIBILITIES);

/** The Lab's experiments, one owner each. An experiment's day is computed from start_date, never stored. */
export const experiments = pgTable(
  "experiments",
  {
    id: id(),
    ownerId: userRef("owner_id"),
    title: text("title").notNull(),
    hypothesis: text("hypothesis").notNull(),
    /** Whole dollars. */
    amount: integer("amount").notNull(),
    targetAmount: integer("target_amount"),
    status: experimentStatus("status").notNull().default("planning"),
    visibility: experimentVisibility("visibility").notNull().default("private"),
    totalDays: integer("total_days").notNull(),
    targetMetric: text("target_metric").notNull(),
    /** The content plan (next ideas). */
    nextContent: text("next_content")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startDate: date("start_date", { mode: "string" }),
    completedOn: date("completed_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("experiments_owner_created_at_idx").on(t.ownerId, t.createdAt),
    // The Community section and the sitemap read shared ones only.
    index("experiments_shared_updated_at_idx")
      .on(t.updatedAt)
      .where(sql`${t.visibility} = 'shared'`),
    check("experiments_start_date_check", sql`(${t.status} = 'planning') = (${t.startDate} is null)`),
    check("experiments_completed_on_check", sql`(${t.status} = 'completed') = (${t.completedOn} is not null)`),
  ],
);

/** The update log: what happened, what it cost and earned. Its day is computed from the experiment's start date. */
export const experimentUpdates = pgTable(
  "experiment_updates",
  {
    id: id(),
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    /** Whole dollars spent since the last update. */
    spend: integer("spend").notNull(),
    /** Whole dollars, the result so far (negative: a loss). */
    result: integer("result").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("experiment_updates_experiment_created_at_idx").on(t.experimentId, t.createdAt)],
);

export type ExperimentRow = typeof experiments.$inferSelect;
export type ExperimentUpdateRow = typeof experimentUpdates.$inferSelect;
