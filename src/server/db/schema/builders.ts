import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { BUILDER_STATUSES } from "../../../common/builders";
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
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    avatarUrl: text("avatar_url"),
    status: builderStatus("status").notNull().default("pending"),
    /** When the profile was first approved: the public "joined" date. */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("builders_status_created_at_idx").on(t.status, t.createdAt)],
);
