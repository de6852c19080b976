-- Entries from before double opt-in count as confirmed from their join: they keep getting newsletters.
UPDATE "waitlist_entries" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
