import { sql } from "drizzle-orm";
import { CAMPAIGNS_LIMIT } from "#common/analytics/dashboard.ts";
import type { CampaignFigures } from "#common/bangers/bangers.ts";
import type { CampaignRow } from "#common/analytics/campaigns.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import { analyticsEvents, bangers, waitlistEntries } from "#server/db/schema/index.ts";

/**
 * The content-to-growth loop's figures, for the dashboard's Campaigns panel and for one posted banger, from
 * one definition: over [from, to], a campaign's visitors are the distinct visitor ids of events whose
 * tracked URL carried its utm_campaign (the landing page view of a tagged link), and its joins the waitlist
 * entries created in the range whose visit came through it. Both read partial indexes that hold only tagged
 * rows (analytics_events_campaign_received_at_idx, waitlist_entries_campaign_created_at_idx), so the cost
 * follows the campaign traffic, not the size of the events table.
 */
type Range = { from: Date; to: Date };
type FigureRow = { campaign: string; visitors: number; joins: number; banger_id: string | null; banger_title: string | null };

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

async function figures(db: Database, range: Range, campaign: string | null, limit: number): Promise<FigureRow[]> {
  const onlyEvents =
    campaign === null ? sql`${analyticsEvents.utmCampaign} is not null` : sql`${analyticsEvents.utmCampaign} = ${campaign}`;
  const onlyJoins = campaign === null ? sql`${waitlistEntries.utmCampaign} is not null` : sql`${waitlistEntries.utmCampaign} = ${campaign}`;
  const result = await db.execute(sql`
    with visits as (
      select ${analyticsEvents.utmCampaign} as campaign, count(distinct ${analyticsEvents.visitorId})::int as visitors
      from ${analyticsEvents}
      where ${onlyEvents} and ${analyticsEvents.receivedAt} >= ${ts(range.from)} and ${analyticsEvents.receivedAt} <= ${ts(range.to)}
      group by 1
    ),
    joins as (
      select ${waitlistEntries.utmCampaign} as campaign, count(*)::int as joins
      from ${waitlistEntries}
      where ${onlyJoins} and ${waitlistEntries.createdAt} >= ${ts(range.from)} and ${waitlistEntries.createdAt} <= ${ts(range.to)}
      group by 1
    ),
    both_sides as (
      select coalesce(v.campaign, j.campaign) as campaign, coalesce(v.visitors, 0) as visitors, coalesce(j.joins, 0) as joins
      from visits as v full join joins as j on j.campaign = v.campaign
    )
    select f.campaign, f.visitors, f.joins, b.id as banger_id, b.title as banger_title
    from both_sides as f
    left join ${bangers} as b on b.campaign = f.campaign
    order by f.visitors desc, f.joins desc, f.campaign
    limit ${limit}`);
  return rowsOf<FigureRow>(result);
}

/** The Campaigns panel: every campaign with visitors or joins in the range, most visitors first. */
export async function campaignsInRange(db: Database, range: Range): Promise<CampaignRow[]> {
  const rows = await figures(db, range, null, CAMPAIGNS_LIMIT);
  return rows.map((row) => ({
    campaign: row.campaign,
    visitors: Number(row.visitors),
    joins: Number(row.joins),
    banger: row.banger_id && row.banger_title !== null ? { id: row.banger_id, title: row.banger_title } : null,
  }));
}

/** One campaign's visitors and joins over the range (a posted banger: from its posting until now). */
export async function figuresOfCampaign(db: Database, campaign: string, range: Range): Promise<CampaignFigures> {
  const [row] = await figures(db, range, campaign, 1);
  return { visitors: Number(row?.visitors ?? 0), joins: Number(row?.joins ?? 0) };
}
