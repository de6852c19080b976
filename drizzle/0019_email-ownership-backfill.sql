-- Accounts made before addresses were proven count as verified: their owners are not locked out of what they
-- already had. A builder profile whose address is such an account's counts as confirmed with it; the others stay
-- unconfirmed (nobody has proven they receive mail there) and the back office marks them so.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
--> statement-breakpoint
UPDATE "builders" AS b
SET "email_confirmed_at" = now()
FROM "users" AS u
WHERE b."email_confirmed_at" IS NULL
  AND u."email" = b."email";
