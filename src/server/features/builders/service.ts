import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { PUBLIC_BUILDER_STATUSES, type BuilderStatus, type PublicBuilder } from "../../../common/builders";
import { canTransition } from "../../../common/builders-admin";
import type { BuilderSubmitInput, BuilderUpdateInput } from "../../../common/builders-input";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { builders } from "../../db/schema";
import { conflict, invalid, notFound } from "../../infra/errors";
import type { RateLimits } from "../../infra/rate-limit";

export type BuilderRow = typeof builders.$inferSelect;

export const BUILDER_EMAIL_TAKEN = "A builder profile with this email already exists. Sign in with that email to edit it.";
export const NO_BUILDER_PROFILE = "You have no builder profile yet. Join the community first.";
export const BUILDER_NOT_FOUND = "Builder not found";

const isPublicStatus = (status: BuilderStatus) => (PUBLIC_BUILDER_STATUSES as readonly BuilderStatus[]).includes(status);

/** The one place a row becomes public: fields are listed one by one, so the email can never slip out. */
export function toPublicBuilder(row: BuilderRow, viewerEmail: string | null): PublicBuilder {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    bio: row.bio,
    location: row.location,
    twitterHandle: row.twitterHandle,
    websiteUrl: row.websiteUrl,
    linkedinUrl: row.linkedinUrl,
    currentProject: row.currentProject,
    tags: row.tags,
    avatarUrl: row.avatarUrl,
    status: row.status,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Both emails are stored trimmed and lower-cased, so equality is the ownership test.
    canEdit: viewerEmail !== null && row.email === viewerEmail,
  };
}

/**
 * The public directory: approved and verified builders, newest first (served by the
 * builders_status_created_at_idx index). `viewerEmail` is the signed-in user's email, or null.
 */
export async function listPublicBuilders(db: Database, viewerEmail: string | null): Promise<{ builders: PublicBuilder[] }> {
  const rows = await db
    .select()
    .from(builders)
    .where(inArray(builders.status, [...PUBLIC_BUILDER_STATUSES]))
    .orderBy(desc(builders.createdAt), desc(builders.id));
  return { builders: rows.map((row) => toPublicBuilder(row, viewerEmail)) };
}

/**
 * A join-form submission: a new pending profile. One profile per email (409 otherwise). Every join spends
 * the address's "builderSubmit" budget, however it was sent.
 */
export async function submitBuilder(
  deps: { db: Database; rateLimits: RateLimits },
  input: BuilderSubmitInput,
  viewer: { email: string | null; address: string },
): Promise<{ builder: PublicBuilder }> {
  const { db } = deps;
  const viewerEmail = viewer.email;
  await deps.rateLimits.consume("builderSubmit", viewer.address);
  return { builder: toPublicBuilder(await insertBuilder(db, input, "pending"), viewerEmail) };
}

/**
 * Inserts a profile in the status given (the join form's is always pending; the back office chooses).
 * A profile created public gets its joinedAt at once. 409 when the email already has a profile.
 */
export async function insertBuilder(db: Database, input: BuilderSubmitInput, status: BuilderStatus): Promise<BuilderRow> {
  try {
    const [row] = await db
      .insert(builders)
      .values({ ...profileValues(input), email: input.email, status, joinedAt: isPublicStatus(status) ? sql`now()` : null })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BUILDER_EMAIL_TAKEN);
    throw error;
  }
}

/** The owner's edit of the profile whose email is theirs. Status and email stay as they are. */
export async function updateMyBuilder(
  db: Database,
  ownerEmail: string,
  input: BuilderUpdateInput,
): Promise<{ builder: PublicBuilder }> {
  const [row] = await db.update(builders).set(profileValues(input)).where(eq(builders.email, ownerEmail)).returning();
  if (!row) throw notFound(NO_BUILDER_PROFILE);
  return { builder: toPublicBuilder(row, ownerEmail) };
}

/**
 * Moves a builder along the status machine (for the back office). Sets joinedAt the first time the
 * profile becomes public. 404 for an unknown id, 400 for a move canTransition refuses, 409 when
 * another request changed the status in between.
 */
export async function setBuilderStatus(db: Database, id: string, status: BuilderStatus): Promise<BuilderRow> {
  if (!UUID.test(id)) throw notFound(BUILDER_NOT_FOUND);
  const [current] = await db.select({ status: builders.status }).from(builders).where(eq(builders.id, id));
  if (!current) throw notFound(BUILDER_NOT_FOUND);
  if (!canTransition(current.status, status)) {
    throw invalid(`A builder cannot move from ${current.status} to ${status}`);
  }
  const [row] = await db
    .update(builders)
    .set({
      status,
      ...(isPublicStatus(status) ? { joinedAt: sql`coalesce(${builders.joinedAt}, now())` } : {}),
    })
    // Guarded by the status read above, so two admins acting at once cannot both move it.
    .where(and(eq(builders.id, id), eq(builders.status, current.status)))
    .returning();
  if (!row) throw conflict("The builder's status changed meanwhile. Reload and try again.");
  return row;
}

/** Malformed ids are simply unknown (Postgres would otherwise reject the cast with a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function profileValues(input: BuilderUpdateInput) {
  return {
    name: input.name,
    title: input.title,
    bio: input.bio,
    location: input.location,
    twitterHandle: input.twitterHandle,
    websiteUrl: input.websiteUrl,
    linkedinUrl: input.linkedinUrl,
    currentProject: input.currentProject,
    tags: input.tags,
    ...(input.avatarUrl === undefined ? {} : { avatarUrl: input.avatarUrl }),
  };
}
