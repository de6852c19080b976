import type { BuilderStatus } from "#common/builders/builders.ts";
import type { Database } from "#server/db/client.ts";
import { insertBuilder, setBuilderStatus } from "#server/features/builders/service.ts";

const EMPTY_PROFILE = {
  title: null,
  bio: null,
  location: null,
  twitterHandle: null,
  websiteUrl: null,
  linkedinUrl: null,
  currentProject: null,
  tags: [],
};

/** The back office's moves from pending to each status. */
const MOVES: Record<BuilderStatus, BuilderStatus[]> = {
  pending: [],
  approved: ["approved"],
  verified: ["approved", "verified"],
  rejected: ["rejected"],
};

/**
 * A builder with only a name and an email, inserted pending and brought to the status along the status machine's
 * own moves (the services the back office uses), without the join's mail or budget.
 */
export async function seedBuilder(db: Database, who: { name: string; email: string }, status: BuilderStatus = "pending") {
  const row = await insertBuilder(db, { ...EMPTY_PROFILE, ...who }, "pending");
  for (const step of MOVES[status]) await setBuilderStatus(db, row.id, step);
  return row;
}
