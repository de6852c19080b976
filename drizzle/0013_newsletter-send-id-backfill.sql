-- Mail queued by newsletter sends made before mail_messages.newsletter_send_id existed: their idempotency key is
-- newsletter/<send id>/<entry id>, so their progress keeps counting through the new column.
UPDATE "mail_messages" AS m
SET "newsletter_send_id" = s."id"
FROM "newsletter_sends" AS s
WHERE m."newsletter_send_id" IS NULL
  AND m."idempotency_key" LIKE 'newsletter/%'
  AND s."id"::text = split_part(m."idempotency_key", '/', 2);
