import { eq } from "drizzle-orm";
import { toSessionUser } from "#server/auth/session-user.ts";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { exportBuilderProfile } from "#server/features/builders/index.ts";
import { exportImagesOf } from "#server/features/images/index.ts";
import { exportExperimentsOf } from "#server/features/lab/index.ts";
import { exportPlaybookProgressOf } from "#server/features/playbook/index.ts";
import { unauthorized } from "#server/infra/errors.ts";
import { isoOrNull as iso } from "#server/infra/iso-date.ts";
import { listAccountSessions, type SessionOwner } from "./sessions";

/**
 * Everything the account owns, as one JSON document: the profile, the Lab's experiments with their update logs,
 * image records with absolute links to their files, the Playbook's ticks and ratings, the builder profile (null when
 * there is none), and what the sessions list shows of each session. Never a password hash, a session id (the hash
 * of its token) or a token. Each feature answers for its own part, through its public module.
 */
export async function exportAccount(deps: { db: Database; publicUrl: string }, owner: SessionOwner, now = new Date()) {
  const { db, publicUrl } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
  if (!user) throw unauthorized();
  const experiments = await exportExperimentsOf(db, user.id);
  const images = await exportImagesOf(db, user.id, publicUrl);
  const playbook = await exportPlaybookProgressOf(db, user.id);
  const builderProfile = await exportBuilderProfile(db, toSessionUser(user));
  const sessions = await listAccountSessions(db, owner, now);

  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      lastSignInAt: iso(user.lastSignInAt),
      createdAt: iso(user.createdAt),
    },
    experiments,
    images,
    playbook,
    builderProfile,
    sessions: sessions.map(({ id: _id, ...session }) => session),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;
