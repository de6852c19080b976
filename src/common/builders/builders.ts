// Constants and types of the builders directory; its schemas are in builders-input.ts.

export const BUILDER_TAGS = [
  "Startup Founder",
  "Developer",
  "Designer",
  "Content Creator",
  "Angel Investor",
  "Community Builder",
  "Consultant",
  "Engineer",
  "Product Manager",
  "Marketer",
] as const;
export type BuilderTag = (typeof BUILDER_TAGS)[number];

export const BUILDER_STATUSES = ["pending", "approved", "verified", "rejected"] as const;
export type BuilderStatus = (typeof BUILDER_STATUSES)[number];
/** The statuses the public directory shows; the others stay private to the back office. */
export const PUBLIC_BUILDER_STATUSES = ["approved", "verified"] as const satisfies readonly BuilderStatus[];
/** Builder cards show at most this many tags, then "+N more". */
export const BUILDER_CARD_TAG_LIMIT = 3;
/** A profile may carry at most this many tags (there are exactly this many to choose from). */
export const BUILDER_TAGS_MAX = BUILDER_TAGS.length;

/** Maximum lengths of the free-text fields, in characters (the form shows them as maxLength). */
export const BUILDER_FIELD_MAX = {
  name: 100,
  title: 100,
  bio: 500,
  location: 100,
  currentProject: 200,
  url: 500,
} as const;

/** Avatars are uploaded through the image pipeline (square, 256 px WebP) before the form is sent. */
export const BUILDER_AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const BUILDER_AVATAR_SIDE = 256;
export const builderAvatarUrl = (id: string): string => `/uploads/avatars/${id}`;
/** The only avatar URLs a profile accepts: avatars uploaded here (POST /api/builders/avatar). */
export const BUILDER_AVATAR_URL = /^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A builder's address confirmation link, mailed on joining. A week: joining is not urgent, mail may wait a weekend. */
export const BUILDER_CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** Where GET /builders/confirm answers 303: the builders page, which reads the flag from the URL. */
export const BUILDER_CONFIRMED_REDIRECT = "/builders?confirmed=1";
export const BUILDER_CONFIRM_INVALID_REDIRECT = "/builders?confirmed=invalid";
export const BUILDER_CONFIRMED_TEXT = "Thanks, your address is confirmed. Your profile appears in the directory once it is approved.";
export const BUILDER_CONFIRM_INVALID_TEXT = "This confirmation link is invalid, used or expired.";

/**
 * The answer to a join (POST /api/builders, builders.submit). The same whether or not the address already had a
 * profile, so a join never tells who is in the directory; the mailbox gets the news.
 */
export type BuilderJoinResult = { message: string };
export const BUILDER_JOIN_CHECK_INBOX =
  "Thanks for joining! We sent a link to your email address: open it to confirm the address. Your profile is reviewed before it appears in the directory.";
/** For a signed-in member whose verified account has the address: nothing to confirm. */
export const BUILDER_JOIN_RECEIVED = "Thanks for joining! Your profile is reviewed before it appears in the directory.";

/**
 * A builder as anyone may see it: never the email. Times are ISO 8601 strings, so REST and tRPC
 * (which sends plain JSON) return the same shape. `canEdit` is true for the signed-in owner: a viewer whose
 * account has the profile's email and has proven it.
 */
export type PublicBuilder = {
  id: string;
  name: string;
  title: string | null;
  bio: string | null;
  location: string | null;
  twitterHandle: string | null;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  currentProject: string | null;
  tags: string[];
  avatarUrl: string | null;
  status: BuilderStatus;
  joinedAt: string | null;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
};
