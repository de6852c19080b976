import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { BUILDER_STATUSES } from "#common/builders/builders.ts";
import { createdAt, id, updatedAt } from "./columns";

export const builderStatus = pgEnum("builder_status", BUILDER_STATUSES);

export const builders = pgTable(
  "builders",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    title: text("title"),
    bio: text("bio"),
    location: text("location"),
    /** Stored without the leading @. */
    twitterHandle: text("twitter_handle"),
    websiteUrl: text("website_url"),
    linkedinUrl: text("linkedin_url"),
    currentProject: text("current_project"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarUrl: text("avatar_url"),
    status: builderStatus("status").notNull().default("pending"),
    /** When the profile was first approved: the public "joined" date. */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    /** When someone proved they receive mail at `email` (a mailed link, or a verified account with it); null until then. */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("builders_status_created_at_idx").on(t.status, t.createdAt)],
);

/**
 * Links that confirm a builder's address: stored hashed, single use. `email` is the address the link was
 * mailed to; it confirms the profile only while the profile still has that address.
 */
export const builderConfirmationTokens = pgTable(
  "builder_confirmation_tokens",
  {
    id: text("id").primaryKey(),
    builderId: uuid("builder_id")
      .notNull()
      .references(() => builders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("builder_confirmation_tokens_builder_id_idx").on(t.builderId)],
);
