import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

/**
 * Backup history: one row per backup file kept in object storage (`storageKey`). Made by an admin's
 * export or by the schedule (`trigger`); `counts` is rows per table as written in the file.
 */
export const backups = pgTable(
  "backups",
  {
    id: id(),
    createdAt: createdAt(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /** Who made it, as shown in the history: the admin's email, or "schedule"; kept when the account goes. */
    createdBy: text("created_by").notNull(),
    trigger: text("trigger", { enum: ["manual", "scheduled"] }).notNull(),
    categories: text("categories").array().notNull(),
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    totalRows: bigint("total_rows", { mode: "number" }).notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
  },
  (t) => [index("backups_created_at_idx").on(t.createdAt)],
);

export type BackupRow = typeof backups.$inferSelect;
