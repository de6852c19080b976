// The waitlist Funnel on the analytics dashboard (docs/decisions/034-waitlist-funnel.md): visitors of the
// landing page, waitlist joins, confirmed addresses, accounts created, over the dashboard's range.

/** The landing page whose visitors are the Funnel's first step. */
export const LANDING_PAGE = "/";

/** The breakdown rows after "All" and "Referrals": at most this many campaigns, most joins first. */
export const FUNNEL_CAMPAIGNS_LIMIT = 20;

/**
 * One row of the Funnel. Over the range [from, to]:
 * - visitors: distinct visitor ids with a page view of `/` (the campaign row: whose page view of `/` carried
 *   its utm_campaign; the referral row: whose page view of `/` carried `?ref=`, which the beacon keeps in the
 *   tracked URL).
 * - joins: waitlist entries created in the range (with that utm_campaign; with a referrer).
 * - confirmed: of those joins, the ones whose address is confirmed by now.
 * - accounts: of those joins, the ones whose normalised address is that of a user account.
 */
export type FunnelRow = {
  kind: "all" | "campaign" | "referrals";
  /** The utm_campaign of a campaign row; null for the others. */
  campaign: string | null;
  visitors: number;
  joins: number;
  confirmed: number;
  accounts: number;
};

export type AnalyticsFunnel = {
  /** "All", then "Referrals", then the campaigns with visitors or joins in the range. */
  rows: FunnelRow[];
  startTime: string;
  endTime: string;
};

/** A step's conversion from the previous one, as a percentage with one decimal; null when the previous is 0. */
export function conversionOf(step: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round((step / previous) * 1000) / 10;
}

/** "42.5%", or "—" when there is no conversion (the previous step is 0). */
export const formatConversion = (value: number | null) => (value === null ? "—" : `${value}%`);
