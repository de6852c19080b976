// zod/mini, like the other shared schemas: the /builders page ships these schemas to the browser.
import * as z from "zod/mini";
import { emailField, requiredText } from "./auth";

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

const TWITTER_HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** Optional free text: trimmed; empty, null or missing all become null (so an edit can clear a field). */
const nullableText = (label: string, max: number) =>
  z.pipe(
    z.nullish(
      z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((value) => (value ? value : null)),
  );

/** Optional link: an http(s) URL with a real domain (no javascript:, no bare hosts), or null. */
const nullableUrl = (label: string) =>
  nullableText(label, BUILDER_FIELD_MAX.url).check(
    z.refine(
      (value) => value === null || httpUrl.safeParse(value).success,
      `${label} must be a full web address starting with http:// or https://`,
    ),
  );

/** "@ada_dev" or "ada_dev" -> "ada_dev": the handle is stored without the leading @. */
const twitterHandleField = z
  .pipe(
    z.nullish(z.string({ error: "Twitter/X handle must be text" }).check(z.trim())),
    z.transform((value) => (value ? value.replace(/^@/, "") : null)),
  )
  .check(
    z.refine(
      (value) => value === null || TWITTER_HANDLE.test(value),
      "Twitter/X handle must be 1 to 15 letters, numbers or underscores",
    ),
  );

const tagsField = z.pipe(
  z.nullish(
    z
      .array(z.enum(BUILDER_TAGS, { error: "Please choose tags from the list" }), { error: "Tags must be a list" })
      .check(
        z.maxLength(BUILDER_TAGS_MAX, `Choose at most ${BUILDER_TAGS_MAX} tags`),
        z.refine((tags) => new Set(tags).size === tags.length, "Each tag can be chosen only once"),
      ),
  ),
  z.transform((tags): BuilderTag[] => tags ?? []),
);

const profileFields = {
  name: requiredText("Name", BUILDER_FIELD_MAX.name),
  title: nullableText("Title", BUILDER_FIELD_MAX.title),
  bio: nullableText("Bio", BUILDER_FIELD_MAX.bio),
  location: nullableText("Location", BUILDER_FIELD_MAX.location),
  twitterHandle: twitterHandleField,
  websiteUrl: nullableUrl("Website"),
  linkedinUrl: nullableUrl("LinkedIn URL"),
  currentProject: nullableText("Current project", BUILDER_FIELD_MAX.currentProject),
  tags: tagsField,
};

/**
 * The Builder join form (POST /api/builders, builders.submit). Unknown keys such as status or
 * avatarUrl are dropped: every new profile starts pending.
 */
export const builderSubmitInput = z.object({ ...profileFields, email: emailField });
export type BuilderSubmitInput = z.infer<typeof builderSubmitInput>;
/** What the form holds before parsing (every optional field may be left empty). */
export type BuilderSubmitValues = z.input<typeof builderSubmitInput>;

/** The owner's edit (PUT /api/builders/mine, builders.updateMine): the same fields, except email. */
export const builderUpdateInput = z.object(profileFields);
export type BuilderUpdateInput = z.infer<typeof builderUpdateInput>;

/**
 * A builder as anyone may see it: never the email. Times are ISO 8601 strings, so REST and tRPC
 * (which sends plain JSON) return the same shape. `canEdit` is true for the signed-in owner.
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
