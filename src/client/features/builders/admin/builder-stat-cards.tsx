import { BadgeCheck, Clock, UserCheck, Users } from "lucide-react";
import type { BuilderSummary } from "#common/builders/admin.ts";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { formatCount } from "#client/lib/format.ts";

/** Total, pending, approved and verified: the four counts, from the server's summary. */
export function BuilderStatCards({ summary, loading }: { summary: BuilderSummary | undefined; loading: boolean }) {
  const count = (value: number | undefined) => formatCount(value ?? 0);
  const rejected = summary?.byStatus.rejected ?? 0;
  return (
    <StatCardGrid title="Builder figures">
      <StatCard
        icon={Users}
        label="Total builders"
        value={count(summary?.total)}
        loading={loading}
        detail={rejected > 0 ? `${formatCount(rejected)} rejected` : "every profile submitted"}
      />
      <StatCard icon={Clock} label="Pending" value={count(summary?.byStatus.pending)} loading={loading} detail="waiting for review" />
      <StatCard
        icon={UserCheck}
        label="Approved"
        value={count(summary?.byStatus.approved)}
        loading={loading}
        detail="shown in the directory"
      />
      <StatCard
        icon={BadgeCheck}
        label="Verified"
        value={count(summary?.byStatus.verified)}
        loading={loading}
        detail="shown with the VERIFIED badge"
      />
    </StatCardGrid>
  );
}
