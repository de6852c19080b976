import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { IMAGE_TESTS } from "#common/image-test/image-test.ts";
import { userRef } from "./users";

/** Which of the image test page's feature tests each admin has completed (one row per admin and test). */
export const imageTestProgress = pgTable(
  "image_test_progress",
  {
    adminUserId: userRef("admin_user_id"),
    testName: text("test_name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.adminUserId, table.testName] }),
    check("image_test_progress_test_name", sql.raw(`test_name in (${IMAGE_TESTS.map((name) => `'${name}'`).join(", ")})`)),
  ],
);
