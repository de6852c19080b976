import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { IMAGE_DEFAULT_EXPERIMENT } from "#common/images/images.ts";
import { createdAt, id } from "./columns";
import { userRef } from "./users";

/** Uploaded images: the bytes live in object storage under the two keys, the rest here. */
export const images = pgTable(
  "images",
  {
    id: id(),
    ownerId: userRef("owner_id"),
    experimentId: text("experiment_id").notNull().default(IMAGE_DEFAULT_EXPERIMENT),
    originalName: text("original_name").notNull(),
    annotation: text("annotation").notNull().default(""),
    fullKey: text("full_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    /** The stored files' content type (what the re-encoding wrote, from a sniffed input). */
    contentType: text("content_type").notNull(),
    fullBytes: bigint("full_bytes", { mode: "number" }).notNull(),
    thumbnailBytes: bigint("thumbnail_bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    shared: boolean("shared").notNull().default(false),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The widget's list (one owner's images of one experiment, newest first).
    index("images_owner_experiment_created_at_idx").on(t.ownerId, t.experimentId, t.createdAt),
    // The quota: the sum of one owner's bytes, read from the index alone.
    index("images_owner_bytes_idx").on(t.ownerId, t.fullBytes, t.thumbnailBytes),
    check("images_shared_at_check", sql`${t.shared} = (${t.sharedAt} is not null)`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
