// Constants, types and texts of the waitlist; its schema is in waitlist-input.ts.

export const WAITLIST_INTERESTS = ["Angel Investing", "Tool Building", "Content Creation", "Analytics", "Community"] as const;
export type WaitlistInterest = (typeof WAITLIST_INTERESTS)[number];
export const WAITLIST_SOURCES = ["homepage", "debug", "admin"] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

/**
 * The sources a public join may claim: "homepage" and "debug". "admin" is kept for
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

/** The answer of a join, on REST and tRPC alike. */
export type WaitlistJoinResult = {
  message: string;
  /** 1, 2, 3... in join order; on a repeat join, the position first given. */
  position: number;
  alreadyJoined: boolean;
};

/** The welcome-back wording contains "Welcome back": a repeat join answers with it (docs/contract/pages.md). */
export const waitlistJoinedMessage = (position: number) => `You're #${position} on the list! We'll email you when The $100 Lab opens.`;
export const waitlistWelcomeBackMessage = (position: number) => `Welcome back! You're already #${position} on the list.`;
