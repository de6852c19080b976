import { useEffect } from "react";
import { Link } from "react-router";
import { BadgeCheck, CalendarCheck, ClipboardList, Eye, TriangleAlert, Users } from "lucide-react";
import { EMPTY_ADMIN_OVERVIEW, VISITORS_WINDOW_HOURS } from "#common/admin/overview.ts";
import { greetingFor } from "#common/today/today.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { countText, formatCount } from "#client/lib/format.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { QuickActions } from "./quick-actions";
import { RecentSignups } from "./recent-signups";
import { SystemStatusBanner } from "./system-status-banner";

/** /admin: welcome, the four live figures, Quick Actions, the newest signups and the systems' status. */
export function AdminDashboardPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.overview.queryOptions());

  // A failed fetch is logged, and the dashboard shows zeros.
  useEffect(() => {
    if (overview.error) console.error("Failed to fetch dashboard data:", overview.error);
  }, [overview.error]);

  const data = overview.data ?? EMPTY_ADMIN_OVERVIEW;
  const loading = overview.isPending && !overview.isError;
  const { builders, waitlist, visitors, seo, bangers } = data;

  return (
    <div className="flex flex-col gap-6 lg:gap-8">
      <WelcomeBanner />
      <SystemStatusBanner />

      {overview.isError ? (
        <p role="status" className="-mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <TriangleAlert aria-hidden="true" className="size-4 text-brand-700" />
          The live figures could not be loaded, so zeros are shown.
          <Button variant="link" size="sm" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
            Try again
          </Button>
        </p>
      ) : null}

      <StatCardGrid title="Key figures">
        <StatCard
          icon={ClipboardList}
          label="Waitlist"
          value={formatCount(waitlist.total)}
          loading={loading}
          detail="people waiting for launch"
        />
        <StatCard
          icon={Users}
          label="Builders"
          value={formatCount(builders.total)}
          loading={loading}
          detail={
            <>
              <span className={cn("font-semibold", builders.pending > 0 ? "text-brand-800" : "text-ink")}>
                {formatCount(builders.pending)}
              </span>{" "}
              pending review
            </>
          }
        />
        <StatCard
          icon={Eye}
          label="Visitors"
          value={formatCount(visitors.uniqueVisitors)}
          loading={loading}
          detail={
            <>
              {countText(visitors.pageViews, "page view")} · last {VISITORS_WINDOW_HOURS} h
            </>
          }
        />
        <StatCard
          icon={BadgeCheck}
          label="Approved"
          value={formatCount(builders.approved + builders.verified)}
          loading={loading}
          detail={
            <>
              {formatCount(builders.approved)} approved · {formatCount(builders.verified)} verified
            </>
          }
        />
      </StatCardGrid>

      <QuickActions
        pending={builders.pending}
        waitlistTotal={waitlist.total}
        visitors={visitors.uniqueVisitors}
        seo={seo}
        bangers={bangers}
        siteAssets={data.siteAssets}
        backup={data.backup}
        loading={loading}
      />
      <RecentSignups signups={data.recentSignups} loading={loading} failed={overview.isError} />
    </div>
  );
}

function WelcomeBanner() {
  const { user } = useAuth();
  const now = new Date();
  const firstName = user ? (user.name.trim().split(/\s+/)[0] ?? "") || user.email : "";
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative overflow-hidden rounded-panel border border-brand-200 bg-gradient-to-br from-brand-100 via-brand-50 to-surface px-5 py-6 shadow-panel sm:px-8 sm:py-8"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-16 size-72 rounded-full bg-brand-300/30 blur-3xl" />
      <div className="relative flex flex-col gap-1.5">
        <p className="text-sm font-semibold text-brand-800">
          {now.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })}
        </p>
        <h2 id="welcome-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {greetingFor(now.getHours())}, {firstName}
        </h2>
        <p className="max-w-2xl text-base text-ink-muted">
          Welcome back to the back office. Here is how The $100 Lab is doing: live figures from the waitlist, the builders community and the
          site&apos;s visitors.
        </p>
        <div className="pt-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/today">
              <CalendarCheck aria-hidden="true" />
              Today&apos;s plan
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
