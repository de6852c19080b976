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
  /** The current rank: 1, 2, 3... in join order, each counted referral moving its referrer up. */
  position: number;
  /** The join number: the place the person took when they joined, which never changes. */
  joinNumber: number;
  alreadyJoined: boolean;
  /** The code of the person's own referral link, and that link: `{PUBLIC_URL}/?ref=<code>`. */
  referralCode: string;
  referralUrl: string;
  /** How many people joined through that link and confirmed. */
  referrals: number;
  /** False while the address waits for its confirmation link (double opt-in). */
  confirmed: boolean;
};

/** The answer of a confirmation link (`POST /api/waitlist/confirm`). */
export type WaitlistConfirmResult = {
  confirmed: true;
  position: number;
  referralUrl: string;
  referrals: number;
};

/** `?ref=` on the landing page: the referrer's code, carried into the join like campaign tags. */
export const REFERRAL_PARAM = "ref";
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{4,32}$/;
/** The referral code of a URL's `?ref=`, or null when absent or malformed. */
export function referralOfUrl(url: string): string | null {
  try {
    const code = new URL(url).searchParams.get(REFERRAL_PARAM)?.trim().toLowerCase() ?? "";
    return REFERRAL_CODE_PATTERN.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** The landing page's address with a referral code: what a person shares. */
export const referralUrlOf = (publicUrl: string, code: string) => `${publicUrl}/?${REFERRAL_PARAM}=${code}`;

/** Share links for the success card and the welcome mail. */
export const REFERRAL_SHARE_TEXT = "I joined The $100 Lab waitlist: small investing experiments, shared in the open. Join me:";
export const shareOnXUrl = (url: string) =>
  `https://twitter.com/intent/tweet?text=${encodeURIComponent(REFERRAL_SHARE_TEXT)}&url=${encodeURIComponent(url)}`;
export const shareOnLinkedInUrl = (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
export const referralCountText = (count: number) => `${count} ${count === 1 ? "person" : "people"} joined through your link`;

// The confirmation link's refusals (400): each says what happened and what to do.
export const CONFIRM_LINK_INVALID = "This confirmation link is not valid. Use the full link from the email.";
export const CONFIRM_LINK_USED = "This confirmation link has already been used: your address is confirmed.";
export const CONFIRM_LINK_EXPIRED = "This confirmation link has expired. Join again with the same email to get a new one.";
export const DISPOSABLE_EMAIL_REFUSED = "Please use a permanent email address: disposable addresses cannot join the waitlist.";
/** A resend is answered alike whether or not a mail went out, so that it tells nothing about other people's addresses. */
export const CONFIRM_RESENT_MESSAGE = "If that address is waiting for confirmation, a new link is on its way.";
export const WAITLIST_CONFIRM_DAYS = 7;
/** The scriptless resend's marker: the landing page's one form path takes the join and the resend. */
export const RESEND_INTENT = "resend";

/** The welcome-back wording contains "Welcome back": a repeat join answers with it (docs/contract/pages.md). */
export const waitlistJoinedMessage = (position: number) => `You're #${position} on the list! We'll email you when The $100 Lab opens.`;
export const waitlistWelcomeBackMessage = (position: number) => `Welcome back! You're already #${position} on the list.`;
/** A repeat join whose rank is now better than the place they joined at (referrals moved them up). */
export const waitlistMovedUpMessage = (position: number, joinNumber: number) =>
  `Welcome back! You're now #${position} — up from #${joinNumber}.`;
/** Whether a welcome back should say the person moved up: their rank is better than the place they joined at. */
export const movedUp = (result: Pick<WaitlistJoinResult, "position" | "joinNumber">) => result.position < result.joinNumber;

/**
 * What the "Manage your data" page (`/waitlist/me?token=`, `GET /api/waitlist/me`) shows and downloads: every
 * stored field of the person's waitlist entry, in their words rather than the table's.
 */
export type WaitlistMyData = {
  email: string;
  name: string | null;
  interests: string[];
  country: string | null;
  city: string | null;
  source: string;
  utmSource: string | null;
  utmCampaign: string | null;
  joinedAt: string;
  /** The join number (stays when others leave) and the place everyone sees now (referrals move it up). */
  joinNumber: number;
  position: number;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  referralCode: string;
  referralUrl: string;
  /** Confirmed referrals credited to this entry. */
  referrals: number;
  /** Whether this person joined through someone's link (whose is not shown: that is the other person's data). */
  joinedThroughReferral: boolean;
  /** The unsubscribe page for this entry (newsletters), signed like the mails' unsubscribe links. */
  unsubscribeUrl: string;
};

export const MANAGE_LINK_INVALID = "This link is not valid, or its waitlist entry was deleted. Use the full link from one of our emails.";
/** The scriptless "Delete me" form's confirmation box. */
export const MANAGE_DELETE_CONFIRM_FIELD = "confirmDelete";
export const MANAGE_DELETE_UNCONFIRMED = "Tick the box to confirm that your entry should be erased.";
