import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Timed jobs that any number of app instances run claim each slot (the time a run was due) here first: the
 * primary key lets exactly one instance insert it, and only that one does the work (server/infra/job-slots.ts).
 */
export const jobSlots = pgTable(
  "job_slots",
  {
    job: text("job").notNull(),
    slot: timestamp("slot", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);
