import { SEO_CHECKLIST_TOTAL } from "#common/seo/seo.ts";

/** The back office's dashboard (`admin.overview`): shared shape, limits and display fallbacks. */

/** Recent Waitlist Signups shows this many entries. */
export const RECENT_SIGNUPS_LIMIT = 5;
/** The Visitors card covers this many hours, ending now. */
export const VISITORS_WINDOW_HOURS = 24;

/** What a recent signup shows when a field is empty. */
export const SIGNUP_FALLBACKS = {
  name: "Anonymous",
  location: "Unknown location",
  source: "website",
} as const;

export type RecentSignup = {
  position: number;
  name: string | null;
  country: string | null;
  city: string | null;
  source: string | null;
  /** ISO time. */
  joinedAt: string;
};

export type AdminOverview = {
  waitlist: { total: number };
  builders: { total: number; pending: number; approved: number; verified: number; rejected: number };
  /**
   * Over the last VISITORS_WINDOW_HOURS: uniqueVisitors is the number of distinct visitor ids across the
   * whole window (never a sum of smaller periods); pageViews the number of page_view events.
   */
  visitors: { uniqueVisitors: number; pageViews: number; since: string };
  recentSignups: RecentSignup[];
  seo: { done: number; total: number };
  /** Content Bangers' drafts and those ready to post (the Quick Action's count); tweets in draft (Brand Voice's). */
  bangers: { drafts: number; ready: number; draftTweets: number };
  /** Of the social image, the favicon set and the meta tags, how many are set. */
  siteAssets: { done: number; total: number };
  /**
   * The last backup (ISO time, or null when none was ever made).
   */
  backup: { lastBackupAt: string | null };
  /** ISO time the figures were computed. */
  generatedAt: string;
};

/** The zeros a dashboard shows when the figures could not be fetched. */
export const EMPTY_ADMIN_OVERVIEW: Omit<AdminOverview, "generatedAt" | "visitors"> & {
  visitors: Omit<AdminOverview["visitors"], "since">;
} = {
  waitlist: { total: 0 },
  builders: { total: 0, pending: 0, approved: 0, verified: 0, rejected: 0 },
  visitors: { uniqueVisitors: 0, pageViews: 0 },
  recentSignups: [],
  seo: { done: 0, total: SEO_CHECKLIST_TOTAL },
  bangers: { drafts: 0, ready: 0, draftTweets: 0 },
  siteAssets: { done: 0, total: 3 },
  backup: { lastBackupAt: null },
};
