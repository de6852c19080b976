// Campaign tags of the content-to-growth loop: the utm_source and utm_campaign a visit arrived with, kept by
// the beacon (analytics_events) and by the waitlist join it led to. Free of zod: the beacon client imports it.

/** What a utm value may be to be counted: a short name. Anything else is treated as no campaign. */
export const CAMPAIGN_VALUE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const campaignValue = (value: unknown): string | null =>
  typeof value === "string" && CAMPAIGN_VALUE_PATTERN.test(value.trim()) ? value.trim() : null;

/** The utm parameters of a URL that the loop keeps; null when absent or malformed. */
export function campaignOfUrl(url: string): { source: string | null; campaign: string | null } {
  try {
    const params = new URL(url).searchParams;
    return { source: campaignValue(params.get("utm_source")), campaign: campaignValue(params.get("utm_campaign")) };
  } catch {
    return { source: null, campaign: null };
  }
}

/** One row of the dashboard's Campaigns panel. */
export type CampaignRow = {
  campaign: string;
  /** Distinct visitors whose visit landed with this utm_campaign, within the range. */
  visitors: number;
  /** Waitlist joins within the range whose visit came through this campaign. */
  joins: number;
  /** The banger the campaign is the short id of, if any. */
  banger: { id: string; title: string } | null;
};
