// The waitlist join's zod/mini schema: the server enforces it; the landing page loads it on first submit.
import * as z from "zod/mini";
import { emailField } from "#common/auth/input.ts";
import { campaignValue } from "#common/analytics/campaigns.ts";
import { safeText } from "#common/forms/text-input.ts";
import {
  REFERRAL_CODE_PATTERN,
  WAITLIST_DEFAULT_SOURCE,
  WAITLIST_INTERESTS,
  WAITLIST_INTERESTS_MAX,
  WAITLIST_NAME_MAX_LENGTH,
  WAITLIST_PUBLIC_SOURCES,
} from "./waitlist";

/**
 * An optional utm value sent with a join. It comes from a URL anyone can edit, and a person cannot fix it:
 * a malformed one is dropped (stored as no campaign) rather than refusing the join.
 */
const campaignField = z.pipe(z.optional(z.unknown()), z.transform(campaignValue));

const interestsList = WAITLIST_INTERESTS.join(", ");

/** The public join: `POST /api/waitlist/join` and `waitlist.join`; the landing page's form parses with it too. */
export const waitlistJoinInput = z.object({
  email: emailField,
  /** Optional; blank (or null from an outside client) is stored as no name. */
  name: z.pipe(
    z.nullish(
      safeText("Name", undefined, "name").check(
        z.trim(),
        z.maxLength(WAITLIST_NAME_MAX_LENGTH, `Name must be at most ${WAITLIST_NAME_MAX_LENGTH} characters`),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
  interests: z.pipe(
    z.nullish(
      z
        .array(z.enum(WAITLIST_INTERESTS, { error: `Interests must be chosen from: ${interestsList}` }), {
          error: "Interests must be a list",
        })
        .check(
          z.maxLength(WAITLIST_INTERESTS_MAX, `Choose at most ${WAITLIST_INTERESTS_MAX} interests`),
          z.refine((values) => new Set(values).size === values.length, "Each interest can be chosen once"),
        ),
    ),
    z.transform((values) => values ?? []),
  ),
  source: z.pipe(
    z.nullish(z.enum(WAITLIST_PUBLIC_SOURCES, { error: `Source must be one of: ${WAITLIST_PUBLIC_SOURCES.join(", ")}` })),
    z.transform((value) => value ?? WAITLIST_DEFAULT_SOURCE),
  ),
  /** The campaign of the visit that led here (the landing URL's utm parameters, kept by the browser for the session). */
  utm_source: campaignField,
  utm_campaign: campaignField,
  /** The referrer's code from the landing URL's `?ref=`; like a campaign tag, a malformed one is dropped. */
  ref: z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => {
      const code = typeof value === "string" ? value.trim().toLowerCase() : "";
      return REFERRAL_CODE_PATTERN.test(code) ? code : null;
    }),
  ),
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinInput>;
/** What a caller may send (every field but email optional). */
export type WaitlistJoinRequest = z.input<typeof waitlistJoinInput>;

/** `POST /api/waitlist/unsubscribe` and `waitlist.unsubscribe`: the signed token of the mail's link. */
export const waitlistUnsubscribeInput = z.object({
  token: z
    .string({ error: "The unsubscribe link has no token" })
    .check(z.trim(), z.minLength(1, "The unsubscribe link has no token"), z.maxLength(200, "This unsubscribe link is not valid")),
});

/** A signed token from a waitlist mail's link: what the confirm and manage pages post back. */
const linkToken = (what: string) =>
  z
    .string({ error: `The ${what} link has no token` })
    .check(z.trim(), z.minLength(1, `The ${what} link has no token`), z.maxLength(200, `This ${what} link is not valid`));

/** `POST /api/waitlist/confirm` and `waitlist.confirm`. */
export const waitlistConfirmInput = z.object({ token: linkToken("confirmation") });

/** `POST /api/waitlist/resend` and `waitlist.resendConfirmation`: the address that joined. */
export const waitlistResendInput = z.object({ email: emailField });

/** The "Manage your data" page's reads and actions: the signed token of the mail's link. */
export const waitlistManageInput = z.object({ token: linkToken("manage") });
