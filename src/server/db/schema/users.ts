import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "#common/auth/accounts.ts";
import { createdAt, id, normalisedEmail, updatedAt } from "./columns";

export const userRole = pgEnum("user_role", ROLES);

export const users = pgTable("users", {
  id: id(),
  /** Stored trimmed and lower-cased; the unique index is the source of truth for "already has an account". */
  email: text("email").notNull().unique(),
  emailNormalised: normalisedEmail(),
  name: text("name").notNull(),
  role: userRole("role").notNull().default("member"),
  passwordHash: text("password_hash").notNull(),
  /**
   * When the owner proved the address by opening a link mailed to it; null until then. Anything keyed by
   * the email (a builder profile) becomes the account's only once this is set.
   */
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  /** Set by an admin (Users admin): the account cannot sign in, and its sessions ended when it was set. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** The last successful sign-in (sessions end, so the sessions table cannot say it). */
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A column naming the user a row belongs to: the row goes when the user does. */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Session ids are the SHA-256 of the token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * The browser's User-Agent at sign-in (cut to 512 characters) and the approximate place of its address then
     * ("City, Region, CC"): what the account page shows of each session. The address itself is not kept.
     */
    userAgent: text("user_agent"),
    place: text("place"),
    /** Moved forward by requests at most every few minutes (SESSION_SEEN_PRECISION_MS), not on each one. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * The browsers and places an account has signed in from (a digest of browser, system and place): a sign-in from
 * one not listed here mails the owner. Kept when sessions end, so signing out and in again is not "new".
 */
export const knownSignInDevices = pgTable(
  "known_sign_in_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

/**
 * An email change waiting for its link, mailed to the new address, to be opened: stored hashed, single use,
 * valid 24 hours. Opening it moves the account to `newEmail` (if no other account took it meanwhile).
 */
export const emailChangeTokens = pgTable(
  "email_change_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_change_tokens_user_id_idx").on(t.userId)],
);

/** Reset tokens are stored hashed, single use, valid one hour. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/**
 * Links that prove an account's address: stored hashed, single use, valid 24 hours. `email` is the address
 * the link was mailed to; it proves that address only.
 */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_id_idx").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
