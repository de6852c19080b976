import { CalendarDays, Clock, Share2, Sparkles, Users } from "lucide-react";
import type { WaitlistStats } from "#common/waitlist/admin.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { formatCount } from "#client/lib/format.ts";

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Total, the last 24 hours, the last 7 days and the most chosen interest, from waitlist.adminStats. */
export function WaitlistStatCards({ stats, loading }: { stats: WaitlistStats | undefined; loading: boolean }) {
  const total = stats?.totalSignups ?? 0;
  const [top, ...rest] = stats?.interests ?? [];
  const tied = top ? rest.filter((item) => item.count === top.count).map((item) => item.interest) : [];
  return (
    <StatCardGrid title="Waitlist figures">
      <StatCard icon={Users} label="Total signups" value={formatCount(total)} loading={loading} detail="people waiting for launch" />
      <StatCard
        icon={Clock}
        label="Last 24 hours"
        value={formatCount(stats?.last24Hours ?? 0)}
        loading={loading}
        detail="new signups since this time yesterday"
      />
      <StatCard
        icon={CalendarDays}
        label="Last 7 days"
        value={formatCount(stats?.last7Days ?? 0)}
        loading={loading}
        detail={`${percent(stats?.last7Days ?? 0, total)}% of the list joined this week`}
      />
      <StatCard
        icon={Sparkles}
        label="Most chosen interest"
        value={top ? <span className="text-xl leading-tight sm:text-2xl">{top.interest}</span> : "—"}
        loading={loading}
        detail={
          top ? (
            <>
              chosen by {formatCount(top.count)} of {formatCount(total)} ({percent(top.count, total)}%)
              {tied.length > 0 ? <>, tied with {tied.join(", ")}</> : null}
            </>
          ) : (
            "no interests chosen yet"
          )
        }
      />
    </StatCardGrid>
  );
}

/** The Top referrers card: who brought the most confirmed people, with the rank that earned them. */
export function TopReferrers({ stats }: { stats: WaitlistStats | undefined }) {
  if (!stats) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Share2 aria-hidden="true" className="size-4" />
          Top referrers
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.topReferrers.length === 0 ? (
          <p className="text-sm text-ink-muted">No confirmed referrals yet.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-line">
            {stats.topReferrers.map((referrer) => (
              <li key={referrer.id} className="flex items-center gap-3 py-2 text-sm">
                <span className="w-12 shrink-0 font-semibold text-ink tabular-nums">#{referrer.rank}</span>
                <span className="min-w-0 flex-1 truncate" title={referrer.email}>
                  {referrer.name ?? referrer.email}
                  {referrer.name ? <span className="ml-2 text-ink-muted">{referrer.email}</span> : null}
                </span>
                <span className="shrink-0 text-ink-muted tabular-nums">{formatCount(referrer.referrals)} referred</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
