import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import {
  BUILDER_CONFIRMATION_VALID_MS,
  BUILDER_JOIN_CHECK_INBOX,
  BUILDER_JOIN_RECEIVED,
  PUBLIC_BUILDER_STATUSES,
  type BuilderJoinResult,
  type BuilderStatus,
  type PublicBuilder,
} from "#common/builders/builders.ts";
import { canTransition } from "#common/builders/admin.ts";
import type { BuilderSubmitInput, BuilderUpdateInput } from "#common/builders/input.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { builderConfirmationTokens, builders } from "#server/db/schema/index.ts";
import { conflict, forbidden, invalid, notFound } from "#server/infra/errors.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { RATE_LIMIT_BUDGETS, type RateLimits } from "#server/infra/rate-limit.ts";

export type BuilderRow = typeof builders.$inferSelect;

/** Who looks at or acts on the directory: the signed-in user's email and whether they proved it, or null. */
export type BuilderViewer = Pick<SessionUser, "email" | "emailVerified"> | null;

export const BUILDER_EMAIL_TAKEN = "A builder profile with this email already exists.";
export const NO_BUILDER_PROFILE = "You have no builder profile yet. Join the community first.";
export const BUILDER_NOT_FOUND = "Builder not found";
export const CONFIRM_EMAIL_TO_EDIT =
  "Confirm your email address to edit your builder profile. Use the link we mailed you, or ask for a new one.";

/**
 * A profile is keyed by its email: it is the viewer's only when their account has that email (both are stored
 * trimmed and lower-cased, so equality is the test) and they proved they receive mail there.
 */
export const ownsAddress = (viewer: BuilderViewer, email: string): boolean =>
  viewer !== null && viewer.emailVerified && viewer.email === email;

const isPublicStatus = (status: BuilderStatus) => (PUBLIC_BUILDER_STATUSES as readonly BuilderStatus[]).includes(status);

/** The one place a row becomes public: fields are listed one by one, so the email can never slip out. */
export function toPublicBuilder(row: BuilderRow, viewer: BuilderViewer): PublicBuilder {
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
    canEdit: ownsAddress(viewer, row.email),
  };
}

/**
 * The public directory: approved and verified builders, newest first (served by the
 * builders_status_created_at_idx index). `viewer` is the signed-in user, or null.
 */
export async function listPublicBuilders(db: Database, viewer: BuilderViewer): Promise<{ builders: PublicBuilder[] }> {
  const rows = await db
    .select()
    .from(builders)
    .where(inArray(builders.status, [...PUBLIC_BUILDER_STATUSES]))
    .orderBy(desc(builders.createdAt), desc(builders.id));
  return { builders: rows.map((row) => toPublicBuilder(row, viewer)) };
}

export type BuilderJoinDeps = { db: Database; publicUrl: string; rateLimits: RateLimits };

/**
 * A join-form submission: a new pending profile, whose address is confirmed by a link mailed to it (or at once,
 * when the signed-in viewer's verified account has that address). When the address already has a profile,
 * nothing is changed: that address is mailed how to edit its profile instead. The answer is the same either
 * way, so a join never tells whether someone is in the directory.
 */
export async function submitBuilder(deps: BuilderJoinDeps, input: BuilderSubmitInput, viewer: BuilderViewer): Promise<BuilderJoinResult> {
  const confirmedNow = ownsAddress(viewer, input.email);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(builders)
      .values({ ...profileValues(input), email: input.email, status: "pending", emailConfirmedAt: confirmedNow ? sql`now()` : null })
      .onConflictDoNothing({ target: builders.email })
      .returning();
    if (row && confirmedNow) return;
    // Anyone may type any address: the mails a join sends to one address are capped. Past the cap the join
    // is still answered as usual (the profile is saved, unconfirmed), so the answer tells nothing.
    if (!(await mayMailJoinAddress(deps.rateLimits, input.email))) return;
    if (row) await queueBuilderConfirmation(tx, deps.publicUrl, row);
    else await queueExistingProfileNote(tx, deps.publicUrl, input.email);
  });
  return { message: confirmedNow ? BUILDER_JOIN_RECEIVED : BUILDER_JOIN_CHECK_INBOX };
}

async function mayMailJoinAddress(rateLimits: RateLimits, email: string): Promise<boolean> {
  const { consumed } = await rateLimits.count("builderJoinMailPerEmail", email);
  return consumed <= RATE_LIMIT_BUDGETS.builderJoinMailPerEmail.points;
}

/**
 * Stores a confirmation link (hashed, single use, valid 7 days) and queues its mail, on the caller's
 * transaction. The mail never repeats what the form said (anyone may have typed this address): no name, no bio.
 */
async function queueBuilderConfirmation(tx: Executor, publicUrl: string, row: Pick<BuilderRow, "id" | "email">): Promise<void> {
  const token = generateToken();
  const link = `${publicUrl}/builders/confirm?token=${token}`;
  await tx.insert(builderConfirmationTokens).values({
    id: hashToken(token),
    builderId: row.id,
    email: row.email,
    expiresAt: new Date(Date.now() + BUILDER_CONFIRMATION_VALID_MS),
  });
  await enqueueMail(tx, {
    to: row.email,
    subject: "Confirm your address for The $100 Lab builders",
    text:
      "Hello,\n\nSomeone, hopefully you, asked to join the builders community of The $100 Lab with this email address. " +
      `Please confirm it by opening this link:\n\n${link}\n\n` +
      "The link is valid for 7 days and works once. The profile is reviewed before it appears in the directory.\n\n" +
      "If it was not you, ignore this email: the profile stays marked as not confirmed.\n",
  });
}

/** The mail a join with an address that already has a profile sends to that address, instead of an error. */
async function queueExistingProfileNote(tx: Executor, publicUrl: string, email: string): Promise<void> {
  await enqueueMail(tx, {
    to: email,
    subject: "Your builder profile on The $100 Lab",
    text:
      "Hello,\n\nSomeone, hopefully you, tried to join the builders community of The $100 Lab with this email address, " +
      "which already has a profile. Nothing was changed.\n\n" +
      `To edit your profile, sign in (or create an account) with this email address at ${publicUrl}/login, confirm the address ` +
      `with the link we mail you, then choose Edit on your card at ${publicUrl}/builders.\n\n` +
      "If it was not you, ignore this email.\n",
  });
}

/**
 * Opens a builder's confirmation link: the profile's address is confirmed. Single use (checked and marked in one
 * statement); it confirms the profile only while the profile still has the address the link was mailed to.
 */
export async function confirmBuilderEmail(db: Database, token: string): Promise<{ ok: boolean }> {
  if (!token || token.length > 200) return { ok: false };
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(builderConfirmationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(builderConfirmationTokens.id, hashToken(token)),
          isNull(builderConfirmationTokens.usedAt),
          gt(builderConfirmationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ builderId: builderConfirmationTokens.builderId, email: builderConfirmationTokens.email });
    if (!used) return { ok: false };
    const [row] = await tx
      .update(builders)
      .set({ emailConfirmedAt: sql`coalesce(${builders.emailConfirmedAt}, now())` })
      .where(and(eq(builders.id, used.builderId), eq(builders.email, used.email)))
      .returning({ id: builders.id });
    return { ok: Boolean(row) };
  });
}

/**
 * Inserts a profile in the status given, for the back office (which chooses the status). A profile created
 * public gets its joinedAt at once. `emailConfirmed`: the admin vouches for the address. 409 when the email
 * already has a profile.
 */
export async function insertBuilder(
  db: Database,
  input: BuilderSubmitInput,
  status: BuilderStatus,
  { emailConfirmed = false }: { emailConfirmed?: boolean } = {},
): Promise<BuilderRow> {
  try {
    const [row] = await db
      .insert(builders)
      .values({
        ...profileValues(input),
        email: input.email,
        status,
        joinedAt: isPublicStatus(status) ? sql`now()` : null,
        emailConfirmedAt: emailConfirmed ? sql`now()` : null,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BUILDER_EMAIL_TAKEN);
    throw error;
  }
}

/**
 * The owner's edit of the profile whose email is theirs. Status and email stay as they are. Refused (403)
 * until the account has proven its address: before that the email is only a claim, and a profile keyed by it
 * may be someone else's. Refused before the lookup, so the answer never tells whether a profile exists.
 */
export async function updateMyBuilder(
  db: Database,
  owner: NonNullable<BuilderViewer>,
  input: BuilderUpdateInput,
): Promise<{ builder: PublicBuilder }> {
  if (!owner.emailVerified) throw forbidden(CONFIRM_EMAIL_TO_EDIT);
  const [row] = await db.update(builders).set(profileValues(input)).where(eq(builders.email, owner.email)).returning();
  if (!row) throw notFound(NO_BUILDER_PROFILE);
  return { builder: toPublicBuilder(row, owner) };
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
