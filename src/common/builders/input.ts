// The builder profile's zod/mini schemas: the server enforces them; the /builders forms load them on first submit.
import * as z from "zod/mini";
import { emailField, requiredText } from "#common/auth/input.ts";
import { BUILDER_AVATAR_URL, BUILDER_FIELD_MAX, BUILDER_TAGS, BUILDER_TAGS_MAX, type BuilderTag } from "./builders";
import { safeText, type TextKind } from "#common/forms/text-input.ts";

const TWITTER_HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** Optional free text: trimmed; empty, null or missing all become null (so an edit can clear a field). */
const nullableText = (label: string, max: number, kind: TextKind = "text") =>
  z.pipe(
    z.nullish(safeText(label, undefined, kind).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
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
    z.nullish(safeText("Twitter/X handle").check(z.trim())),
    z.transform((value) => (value ? value.replace(/^@/, "") : null)),
  )
  .check(
    z.refine((value) => value === null || TWITTER_HANDLE.test(value), "Twitter/X handle must be 1 to 15 letters, numbers or underscores"),
  );

const tagsField = z.pipe(
  z.nullish(
    z.array(z.enum(BUILDER_TAGS, { error: "Please choose tags from the list" }), { error: "Tags must be a list" }).check(
      z.maxLength(BUILDER_TAGS_MAX, `Choose at most ${BUILDER_TAGS_MAX} tags`),
      z.refine((tags) => new Set(tags).size === tags.length, "Each tag can be chosen only once"),
    ),
  ),
  z.transform((tags): BuilderTag[] => tags ?? []),
);

/**
 * The avatar: a URL that POST /api/builders/avatar answered. Missing keeps the current one (forms that do
 * not show it leave it alone); null or empty removes it.
 */
const avatarUrlField = z.optional(
  z.pipe(
    z.nullable(
      safeText("Avatar").check(
        z.trim(),
        z.refine((value) => value === "" || BUILDER_AVATAR_URL.test(value), "Avatar must be an image uploaded with the form"),
      ),
    ),
    z.transform((value) => value || null),
  ),
);

const profileFields = {
  name: requiredText("Name", BUILDER_FIELD_MAX.name, "name"),
  title: nullableText("Title", BUILDER_FIELD_MAX.title, "name"),
  bio: nullableText("Bio", BUILDER_FIELD_MAX.bio),
  location: nullableText("Location", BUILDER_FIELD_MAX.location),
  twitterHandle: twitterHandleField,
  websiteUrl: nullableUrl("Website"),
  linkedinUrl: nullableUrl("LinkedIn URL"),
  currentProject: nullableText("Current project", BUILDER_FIELD_MAX.currentProject),
  tags: tagsField,
  avatarUrl: avatarUrlField,
};

/**
 * The Builder join form (POST /api/builders, builders.submit). Unknown keys such as status are dropped:
 * every new profile starts pending.
 */
export const builderSubmitInput = z.object({ ...profileFields, email: emailField });
export type BuilderSubmitInput = z.infer<typeof builderSubmitInput>;
/** What the form holds before parsing (every optional field may be left empty). */
export type BuilderSubmitValues = z.input<typeof builderSubmitInput>;

/** The owner's edit (PUT /api/builders/mine, builders.updateMine): the same fields, except email. */
export const builderUpdateInput = z.object(profileFields);
export type BuilderUpdateInput = z.infer<typeof builderUpdateInput>;
