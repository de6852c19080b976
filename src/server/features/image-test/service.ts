import { eq } from "drizzle-orm";
import { IMAGE_TESTS, type ImageTestCompleteInput, type ImageTestName, type ImageTestProgress } from "#common/image-test/image-test.ts";
import type { Database } from "#server/db/client.ts";
import { imageTestProgress } from "#server/db/schema/index.ts";

const isImageTest = (name: string): name is ImageTestName => (IMAGE_TESTS as readonly string[]).includes(name);

/** One admin's progress on the image test page; each admin has their own. */
export async function getImageTestProgress(db: Database, adminUserId: string): Promise<ImageTestProgress> {
  const rows = await db
    .select({ testName: imageTestProgress.testName, completedAt: imageTestProgress.completedAt })
    .from(imageTestProgress)
    .where(eq(imageTestProgress.adminUserId, adminUserId));
  const completed: ImageTestProgress["completed"] = {};
  for (const row of rows) {
    if (isImageTest(row.testName)) completed[row.testName] = row.completedAt.toISOString();
  }
  return { completed };
}

/** Marks a test complete. Completing it again keeps the first time: the test was passed then. */
export async function completeImageTest(db: Database, adminUserId: string, input: ImageTestCompleteInput): Promise<ImageTestProgress> {
  await db.insert(imageTestProgress).values({ adminUserId, testName: input.test }).onConflictDoNothing();
  return getImageTestProgress(db, adminUserId);
}

/** Starts this admin's session over: every test not done. Other admins keep theirs. */
export async function resetImageTests(db: Database, adminUserId: string): Promise<ImageTestProgress> {
  await db.delete(imageTestProgress).where(eq(imageTestProgress.adminUserId, adminUserId));
  return { completed: {} };
}
