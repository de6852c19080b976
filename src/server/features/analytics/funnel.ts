import { sql } from "drizzle-orm";
import { ANALYTICS_TIME_RANGE_MS, type AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { FUNNEL_CAMPAIGNS_LIMIT, LANDING_PAGE, type AnalyticsFunnel, type FunnelRow } from "#common/analytics/funnel.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import { analyticsEvents, analyticsLandingDayCounts, analyticsLandingDays, users, waitlistEntries } from "#server/db/schema/index.ts";
import { ensureSummaries } from "./rollups";

/**
 * The waitlist Funnel over [now - range, now] (docs/decisions/034-waitlist-funnel.md), exact:
 *
 * - visitors of `/`: the landing rollup's rows in the range, each visitor counted on their first row in it
 *   (prev_seen, their previous page view of `/`, before the range), from per-day summaries for whole days
 *   (landingVisitors). A campaign's and the referrals' visitors are distinct
 *   visitor ids over the few tagged page views of `/` (partial indexes on the events).
 * - joins, confirmed, accounts: the waitlist entries created in the range, those of them confirmed by now,
 *   and those of them whose normalised address is a user account's (one hashed set of the users' addresses).
 */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const DAY_MS = 24 * 3_600_000;

/**
 * Distinct visitors with a page view of `/` in [from, to]: each counted on their first landing row in the
 * range, the one whose prev_seen is before `from`. Whole days add up their per-day summaries (rows whose
 * previous page view of `/` is on a day before the range's first) and compare one by one only the rows whose
 * previous one is on that first, partial day; the partial first and last days are compared row by row.
 */
async function landingVisitors(db: Database, from: Date, to: Date): Promise<number> {
  const firstDay = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS);
  const wholeFrom = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const wholeTo = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  const whole = wholeFrom < wholeTo;
  if (whole) await ensureSummaries(db, "day", wholeFrom, wholeTo);
  // The partial days, each a plain day range so that its count is an index-only scan (an OR of both made it a
  // bitmap scan over the heap: 125 ms instead of a few at 10 million events).
  const edges = whole
    ? [sql`day >= ${ts(firstDay)} and day < ${ts(wholeFrom)}`, sql`day >= ${ts(wholeTo)} and day <= ${ts(to)}`]
    : [sql`day >= ${ts(firstDay)} and day <= ${ts(to)}`];
  const counts = edges.map(
    (days) => sql`(select count(*) from ${analyticsLandingDays}
      where ${days} and first_seen <= ${ts(to)} and last_seen >= ${ts(from)} and (prev_seen is null or prev_seen < ${ts(from)}))`,
  );
  if (whole)
    counts.push(
      sql`(select coalesce(sum(visitors), 0) from ${analyticsLandingDayCounts}
        where day >= ${ts(wholeFrom)} and day < ${ts(wholeTo)} and (prev_day is null or prev_day < ${ts(firstDay)}))`,
      sql`(select count(*) from ${analyticsLandingDays}
        where day >= ${ts(wholeFrom)} and day < ${ts(wholeTo)} and prev_seen >= ${ts(firstDay)} and prev_seen < ${ts(from)})`,
    );
  const result = await db.execute(sql`select ${sql.join(counts, sql` + `)} as visitors`);
  return Number(rowsOf<{ visitors: number | string }>(result)[0]?.visitors ?? 0);
}

type JoinRow = { kind: "all" | "referrals" | "campaign"; campaign: string | null; joins: number; confirmed: number; accounts: number };
type VisitorRow = { campaign: string; visitors: number };

export async function getAnalyticsFunnel(db: Database, options: { timeRange: AnalyticsTimeRange; now?: Date }): Promise<AnalyticsFunnel> {
  const to = options.now ?? new Date();
  const from = new Date(to.getTime() - ANALYTICS_TIME_RANGE_MS[options.timeRange]);
  const landingViews = sql`${analyticsEvents.page} = ${LANDING_PAGE} and ${analyticsEvents.event} = 'page_view'
    and ${analyticsEvents.receivedAt} >= ${ts(from)} and ${analyticsEvents.receivedAt} <= ${ts(to)}`;
  const [visitors, referralVisitors, campaignVisitors, joins] = await Promise.all([
    landingVisitors(db, from, to),
    db.execute(sql`
      select count(distinct ${analyticsEvents.visitorId})::int as visitors from ${analyticsEvents}
      where ${landingViews} and ${analyticsEvents.url} ~ '[?&]ref='`),
    db.execute(sql`
      select ${analyticsEvents.utmCampaign} as campaign, count(distinct ${analyticsEvents.visitorId})::int as visitors from ${analyticsEvents}
      where ${analyticsEvents.utmCampaign} is not null and ${landingViews}
      group by 1`),
    db.execute(sql`
      with joined as (
        select ${waitlistEntries.utmCampaign} as campaign, ${waitlistEntries.referredBy} is not null as referred,
          ${waitlistEntries.confirmedAt} is not null as confirmed,
          ${waitlistEntries.emailNormalised} in (select ${users.emailNormalised} from ${users}) as account
        from ${waitlistEntries}
        where ${waitlistEntries.createdAt} >= ${ts(from)} and ${waitlistEntries.createdAt} <= ${ts(to)}
      )
      select case when grouping(referred) = 0 then 'referrals' when grouping(campaign) = 0 then 'campaign' else 'all' end as kind,
        campaign, count(*)::int as joins, count(*) filter (where confirmed)::int as confirmed, count(*) filter (where account)::int as accounts
      from joined
      group by grouping sets ((), (referred), (campaign))
      having (grouping(referred) = 1 or bool_and(referred)) and (grouping(campaign) = 1 or campaign is not null)`),
  ]);

  const joinRows = rowsOf<JoinRow>(joins);
  const empty = { joins: 0, confirmed: 0, accounts: 0 };
  const counts = (row: JoinRow | undefined) => (row ? { joins: row.joins, confirmed: row.confirmed, accounts: row.accounts } : empty);
  const campaignJoins = new Map(joinRows.filter((row) => row.kind === "campaign").map((row) => [row.campaign!, row]));
  const campaignVisits = new Map(rowsOf<VisitorRow>(campaignVisitors).map((row) => [row.campaign, Number(row.visitors)]));
  const campaigns: FunnelRow[] = [...new Set([...campaignJoins.keys(), ...campaignVisits.keys()])]
    .map((campaign) => ({
      kind: "campaign" as const,
      campaign,
      visitors: campaignVisits.get(campaign) ?? 0,
      ...counts(campaignJoins.get(campaign)),
    }))
    .sort((a, b) => b.joins - a.joins || (b.visitors ?? 0) - (a.visitors ?? 0) || a.campaign.localeCompare(b.campaign))
    .slice(0, FUNNEL_CAMPAIGNS_LIMIT);
  return {
    rows: [
      {
        kind: "all",
        campaign: null,
        visitors,
        ...counts(joinRows.find((row) => row.kind === "all")),
      },
      {
        kind: "referrals",
        campaign: null,
        visitors: Number(rowsOf<{ visitors: number }>(referralVisitors)[0]?.visitors ?? 0),
        ...counts(joinRows.find((row) => row.kind === "referrals")),
      },
      ...campaigns,
    ],
    startTime: from.toISOString(),
    endTime: to.toISOString(),
  };
}
