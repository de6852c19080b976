import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    /**
     * 1, 2, 3... in join order, assigned without gaps under a lock (see the waitlist service). A stable
     * identifier: deleting an entry in the back office leaves a gap and renumbers no one.
     */
    position: integer("position").notNull().unique(),
    email: text("email").notNull().unique(),
    name: text("name"),
    interests: text("interests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text("source").notNull().default("homepage"),
    country: text("country"),
    city: text("city"),
    /** The utm_source and utm_campaign of the visit that led to the join, as the browser kept them for the session. */
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
    createdAt: createdAt(),
    /** When the person followed their unsubscribe link; newsletters skip them from then on. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    index("waitlist_entries_created_at_idx").on(t.createdAt),
    index("waitlist_entries_campaign_created_at_idx")
      .on(t.utmCampaign, t.createdAt)
      .where(sql`${t.utmCampaign} is not null`),
    check("waitlist_position_positive", sql`${t.position} > 0`),
  ],
);
