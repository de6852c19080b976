import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef, users } from "./users";

/**
 * An account's authenticator-app secret (RFC 6238). `confirmedAt` is null while enrolment waits for its first
 * code: such a row asks for nothing at sign-in. The secret leaves the server once, in the enrolment answer.
 * `lastUsedStep` is the 30-second step of the last code accepted: a code of that step or an earlier one is
 * refused, so a code seen over someone's shoulder cannot be used again.
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: userRef("user_id").primaryKey(),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Ten single-use codes for when the authenticator is lost: only their SHA-256 is kept (each holds 80 random bits). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: userRef("user_id"),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.userId)],
);

/**
 * The step between a right password and a session when the account has codes: the token's SHA-256, single use,
 * valid five minutes.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: text("id").primaryKey(),
    userId: userRef("user_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_user_id_idx").on(t.userId)],
);

/** A WebAuthn credential (passkey). `id` is the credential id (base64url), `publicKey` its COSE key (base64url). */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: userRef("user_id"),
    name: text("name").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * A challenge handed to the browser for a passkey ceremony: single use (deleted when answered), valid five
 * minutes. A registration's belongs to the account adding the passkey; a sign-in's to nobody yet.
 */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  purpose: text("purpose", { enum: ["registration", "authentication"] }).notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
