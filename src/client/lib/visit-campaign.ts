import { campaignOfUrl } from "#common/analytics/campaigns.ts";
import { referralOfUrl } from "#common/waitlist/waitlist.ts";

/**
 * The campaign a visit arrived with (the landing URL's utm_source and utm_campaign), kept in sessionStorage
 * for the tab's session like the analytics session id: no cookie, gone when the tab closes. A waitlist join
 * later in the visit sends it, so the join is credited to the post that brought the visitor.
 */
const KEY = "visit_campaign";

export type VisitCampaign = { utm_source?: string; utm_campaign?: string };

/** Called at start-up: the first tagged URL of the session wins; later untagged pages keep it. */
export function rememberVisitCampaign(href: string = window.location.href): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const { source, campaign } = campaignOfUrl(href);
    if (campaign) sessionStorage.setItem(KEY, JSON.stringify({ utm_campaign: campaign, ...(source ? { utm_source: source } : {}) }));
  } catch {
    // Storage blocked (private mode settings): the join is simply not credited to a campaign.
  }
}

export function visitCampaign(): VisitCampaign {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as VisitCampaign | null;
    return stored && typeof stored === "object" ? stored : {};
  } catch {
    return {};
  }
}

/**
 * The referral code a visit arrived with (`?ref=` of a shared link), kept like the campaign: a join later in
 * the visit credits the person who shared the link, even after the visitor looked at other pages first.
 */
const REFERRAL_KEY = "visit_referral";

/** Called at start-up: the first referral link of the session wins. */
export function rememberVisitReferral(href: string = window.location.href): void {
  try {
    if (sessionStorage.getItem(REFERRAL_KEY)) return;
    const ref = referralOfUrl(href);
    if (ref) sessionStorage.setItem(REFERRAL_KEY, ref);
  } catch {
    // Storage blocked: a join on the landing URL itself still sends the code from the address.
  }
}

/** `{ ref }` for a join: the code kept for the visit, else the current address's own. */
export function visitReferral(href: string = window.location.href): { ref?: string } {
  let ref: string | null = null;
  try {
    ref = sessionStorage.getItem(REFERRAL_KEY);
  } catch {
    // Storage blocked: fall back to the address.
  }
  ref ??= referralOfUrl(href);
  return ref ? { ref } : {};
}
