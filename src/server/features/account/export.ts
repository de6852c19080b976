import { asc, eq, inArray } from "drizzle-orm";
import { imageShareUrl, imageThumbnailUrl, imageUrl } from "#common/images/images.ts";
import type { Database } from "#server/db/client.ts";
import {
  experimentUpdates,
  experiments,
  images,
  playbookChapters,
  playbookChecklistTicks,
  playbookRatings,
  users,
} from "#server/db/schema/index.ts";
import { toSessionUser } from "#server/auth/session-user.ts";
import { exportBuilderProfile } from "#server/features/builders/index.ts";
import { unauthorized } from "#server/infra/errors.ts";
import { listAccountSessions, type SessionOwner } from "./sessions";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the account owns, as one JSON document: the profile, the Lab's experiments with their update logs,
 * image records with absolute links to their files, the Playbook's ticks and ratings, the builder profile (null when
 * there is none), and what the sessions list shows of each session. Never a password hash, a session id (the hash of its token) or a token.
 */
export async function exportAccount(deps: { db: Database; publicUrl: string }, owner: SessionOwner, now = new Date()) {
  const { db, publicUrl } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
  if (!user) throw unauthorized();
  const experimentRows = await db
    .select()
    .from(experiments)
    .where(eq(experiments.ownerId, user.id))
    .orderBy(asc(experiments.createdAt), asc(experiments.id));
  const updateRows =
    experimentRows.length === 0
      ? []
      : await db
          .select()
          .from(experimentUpdates)
          .where(
            inArray(
              experimentUpdates.experimentId,
              experimentRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(experimentUpdates.createdAt), asc(experimentUpdates.id));
  const imageRows = await db.select().from(images).where(eq(images.ownerId, user.id)).orderBy(asc(images.createdAt), asc(images.id));
  const ticks = await db
    .select({
      chapterId: playbookChecklistTicks.chapterId,
      chapter: playbookChapters.title,
      itemId: playbookChecklistTicks.itemId,
      at: playbookChecklistTicks.createdAt,
    })
    .from(playbookChecklistTicks)
    .innerJoin(playbookChapters, eq(playbookChapters.id, playbookChecklistTicks.chapterId))
    .where(eq(playbookChecklistTicks.userId, user.id))
    .orderBy(asc(playbookChecklistTicks.createdAt));
  const ratings = await db
    .select({
      chapterId: playbookRatings.chapterId,
      chapter: playbookChapters.title,
      rating: playbookRatings.rating,
      at: playbookRatings.updatedAt,
    })
    .from(playbookRatings)
    .innerJoin(playbookChapters, eq(playbookChapters.id, playbookRatings.chapterId))
    .where(eq(playbookRatings.userId, user.id))
    .orderBy(asc(playbookRatings.updatedAt));
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
    experiments: experimentRows.map((row) => ({
      id: row.id,
      title: row.title,
      hypothesis: row.hypothesis,
      amount: row.amount,
      targetAmount: row.targetAmount,
      status: row.status,
      visibility: row.visibility,
      totalDays: row.totalDays,
      targetMetric: row.targetMetric,
      nextContent: row.nextContent,
      startDate: row.startDate,
      completedOn: row.completedOn,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      updates: updateRows
        .filter((update) => update.experimentId === row.id)
        .map((update) => ({
          id: update.id,
          note: update.note,
          spend: update.spend,
          result: update.result,
          attempts: update.attempts,
          createdAt: iso(update.createdAt),
        })),
    })),
    images: imageRows.map((row) => ({
      id: row.id,
      experimentId: row.experimentId,
      originalName: row.originalName,
      annotation: row.annotation,
      contentType: row.contentType,
      width: row.width,
      height: row.height,
      bytes: row.fullBytes,
      shared: row.shared,
      url: `${publicUrl}${imageUrl(row.id)}`,
      thumbnailUrl: `${publicUrl}${imageThumbnailUrl(row.id)}`,
      shareUrl: row.shared ? `${publicUrl}${imageShareUrl(row.id)}` : null,
      uploadedAt: iso(row.createdAt),
    })),
    playbook: {
      checklistTicks: ticks.map((tick) => ({
        chapterId: tick.chapterId,
        chapter: tick.chapter,
        itemId: tick.itemId,
        tickedAt: iso(tick.at),
      })),
      ratings: ratings.map((rating) => ({
        chapterId: rating.chapterId,
        chapter: rating.chapter,
        rating: rating.rating,
        ratedAt: iso(rating.at),
      })),
    },
    builderProfile,
    sessions: sessions.map(({ id: _id, ...session }) => session),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;
