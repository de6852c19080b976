import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";

/** The stored waitlist row of an address (undefined when it has none), to check what a request left behind. */
export async function waitlistEntryOf(db: Database, email: string) {
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
  return entry;
}
