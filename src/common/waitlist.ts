// zod/mini, like the other shared schemas: the landing page ships this schema in the public bundle.
import * as z from "zod/mini";
import { emailField } from "./auth";

export const WAITLIST_INTERESTS = ["Angel Investing", "Tool Building", "Content Creation", "Analytics", "Community"] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];
export const WAITLIST_SOURCES = ["homepage", "debug", "admin"] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

/**
 * The sources a public join may claim: the spec's two ("homepage or debug"). "admin" is kept for
 * entries an operator adds from the back office, so the admin views can trust it. We chose a closed
 * list over free-form slugs: the source column feeds the back office's tables and counts, and an
 * open text field on an unauthenticated endpoint would let anyone fill them with noise. A new
 * campaign source is one line here.
 */
export const WAITLIST_PUBLIC_SOURCES = ["homepage", "debug"] as const satisfies readonly WaitlistSource[];
export type WaitlistPublicSource = (typeof WAITLIST_PUBLIC_SOURCES)[number];
export const WAITLIST_DEFAULT_SOURCE: WaitlistPublicSource = "homepage";

export const WAITLIST_NAME_MAX_LENGTH = 100;
/** Every interest at most once, so at most all five. */
export const WAITLIST_INTERESTS_MAX = WAITLIST_INTERESTS.length;

const interestsList = WAITLIST_INTERESTS.join(", ");

/** The public join: `POST /api/waitlist/join` and `waitlist.join`; the landing page's form parses with it too. */
export const waitlistJoinInput = z.object({
  email: emailField,
  /** Optional; blank (or null from an outside client) is stored as no name. */
  name: z.pipe(
    z.nullish(
      z
        .string({ error: "Name must be text" })
        .check(z.trim(), z.maxLength(WAITLIST_NAME_MAX_LENGTH, `Name must be at most ${WAITLIST_NAME_MAX_LENGTH} characters`)),
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
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinInput>;
/** What a caller may send (every field but email optional). */
export type WaitlistJoinRequest = z.input<typeof waitlistJoinInput>;

/** The answer of a join, on REST and tRPC alike. */
export type WaitlistJoinResult = {
  message: string;
  /** 1, 2, 3... in join order; on a repeat join, the position first given. */
  position: number;
  alreadyJoined: boolean;
};

/** The welcome-back wording contains "Welcome back", as the spec's error catalogue requires. */
export const waitlistJoinedMessage = (position: number) =>
  `You're #${position} on the list! We'll email you when The $100 Lab opens.`;
export const waitlistWelcomeBackMessage = (position: number) =>
  `Welcome back! You're already #${position} on the list.`;
