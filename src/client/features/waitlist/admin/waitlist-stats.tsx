import { CalendarDays, Clock, Sparkles, Users } from "lucide-react";
import type { WaitlistStats } from "#common/waitlist/admin.ts";
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
