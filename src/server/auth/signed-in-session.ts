import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { users, type UserRow } from "#server/db/schema/index.ts";
import { forbidden } from "#server/infra/errors.ts";
import { toSessionUser } from "./session-user";
import { createSession } from "./sessions";
import type { SignInClient } from "./sign-in-client";
import { noteSignInDevice } from "./sign-in-devices";
import type { SignedIn } from "./start-session";

export const ACCOUNT_DISABLED =
  "This account has been disabled by the site's administrators. Please contact them if you think this is a mistake.";

/**
 * A new session for an account that proved who it is (a password, a password and a code, a passkey): its browser
 * and place kept for the sessions list, the time for the users admin, and a mail to the owner when the browser
 * and place are new to the account. A disabled account is refused here, after its proof, so the refusal tells a
 * guesser nothing.
 */
export async function startSignedInSession(
  deps: { db: Database; publicUrl: string },
  row: Pick<UserRow, "id" | "email" | "name" | "role" | "emailVerifiedAt" | "disabledAt">,
  client: SignInClient | undefined,
): Promise<SignedIn> {
  if (row.disabledAt) throw forbidden(ACCOUNT_DISABLED);
  // The session and the account's last sign-in in one statement, and the device apart (an upsert of its own):
  // under load every round trip waits its turn on a busy event loop, and a transaction would add two more.
  const signedInNow = deps.db.$with("signed_in_now").as(
    deps.db
      .update(users)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(users.id, row.id))
      .returning({ id: users.id }),
  );
  const { token, session } = await createSession(deps.db.with(signedInNow), row.id, client);
  if (client) await noteSignInDevice(deps.db, row, client, deps.publicUrl);
  return { user: toSessionUser(row), token, session };
}
