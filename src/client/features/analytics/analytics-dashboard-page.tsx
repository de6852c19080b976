import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Bug, Clock, Eye, MousePointerClick, RefreshCw, Send, UserRound, Users } from "lucide-react";
import {
  ANALYTICS_LIVE_REFRESH_MS,
  ANALYTICS_TEST_TRACK_REFRESH_MS,
  DEFAULT_ANALYTICS_TIME_RANGE,
  formatSessionTime,
  REALTIME_CURRENT_MINUTES,
  REALTIME_RECENT_MINUTES,
  type AnalyticsDashboard,
  type AnalyticsTimeRange,
} from "#common/analytics/dashboard.ts";
import { track } from "#client/lib/analytics.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { Switch } from "#client/ui/switch.tsx";
import { toast } from "#client/ui/toast.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { countText, formatCount } from "#client/lib/format.ts";
import { Campaigns } from "./campaigns-panel";
import { DebugPanel } from "./debug-panel";
import { FunnelPanel } from "./funnel-panel";
import { DeviceTypes, GeographicDistribution, RecentVisitors, TopPages } from "./dashboard-panels";
import { RANGE_LABELS, RangeSelector } from "./range-selector";
import { RetentionNote } from "./retention-note";
import { useNow } from "./use-now";
import { VisitorAlertBanner } from "./visitor-alert-banner";

// recharts is the heaviest part of this page: its own chunk, fetched while the figures already show.
const VisitorsChart = lazy(() => import("./visitors-chart").then((m) => ({ default: m.VisitorsChart })));

/** /admin/analytics: visitors, pages, places and devices over 1 h, 24 h, 7 d or 30 d, live or on demand. */
export function AnalyticsDashboardPage() {
  const trpc = useTRPC();
  const [timeRange, setTimeRange] = useState<AnalyticsTimeRange>(DEFAULT_ANALYTICS_TIME_RANGE);
  const [live, setLive] = useState(true);
  const [showDebug, setShowDebug] = useState(false);
  const dashboard = useQuery(
    trpc.analytics.dashboard.queryOptions(
      { timeRange },
      {
        // Live mode refreshes every 30 seconds; manual mode only when asked.
        refetchInterval: live ? ANALYTICS_LIVE_REFRESH_MS : false,
        refetchIntervalInBackground: false,
        staleTime: 0,
        // Switching ranges keeps the old figures on screen (dimmed) until the new ones arrive.
        placeholderData: keepPreviousData,
      },
    ),
  );
  const { data, error, isFetching, isPlaceholderData, refetch, dataUpdatedAt } = dashboard;

  useEffect(() => {
    if (error) console.error("Failed to fetch analytics:", error);
  }, [error]);

  const testTrackTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(testTrackTimer.current), []);
  const [testTracking, setTestTracking] = useState(false);
  const sendTestEvent = () => {
    track("button_click", { label: "test_track", component: "AnalyticsDashboard" });
    setTestTracking(true);
    window.clearTimeout(testTrackTimer.current);
    // The server writes events in batches within a quarter of a second; a second later the event is counted.
    testTrackTimer.current = window.setTimeout(() => {
      setTestTracking(false);
      void refetch();
    }, ANALYTICS_TEST_TRACK_REFRESH_MS);
    toast({ title: "Test event sent", description: "A button_click from this dashboard. Refreshing in a second.", variant: "success" });
  };

  const dimmed = isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Dashboard controls"
        className="flex flex-wrap items-center gap-x-5 gap-y-3 rounded-panel border border-line bg-surface p-3 shadow-panel sm:p-4"
      >
        <RangeSelector value={timeRange} onChange={setTimeRange} />
        <LiveToggle live={live} onChange={setLive} />
        <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw aria-hidden="true" className={cn(isFetching && "animate-spin")} />
            Refresh
          </Button>
          <Button variant="outline" size="sm" onClick={sendTestEvent} loading={testTracking}>
            {testTracking ? null : <Send aria-hidden="true" />}
            Test Track
          </Button>
          <Button
            variant={showDebug ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={showDebug}
            onClick={() => setShowDebug((shown) => !shown)}
          >
            <Bug aria-hidden="true" />
            Debug
          </Button>
        </div>
      </section>

      <StatusLine data={data} live={live} fetching={isFetching} updatedAt={dataUpdatedAt} />

      {error ? (
        <LoadFailedAlert title="Failed to fetch analytics" onRetry={() => void refetch()} retrying={isFetching}>
          {errorMessage(error, { fallback: "The server could not compute the figures.", network: "The server could not be reached." })}
          {data ? " The figures below are from the last successful refresh." : null}
        </LoadFailedAlert>
      ) : null}

      {data ? <VisitorAlertBanner alert={data.alert} generatedAt={data.generatedAt} /> : null}
      {showDebug ? <DebugPanel data={data} live={live} updatedAt={dataUpdatedAt} /> : null}

      {data ? (
        <div className={cn("flex flex-col gap-6 transition-opacity", dimmed && "opacity-60")} aria-busy={dimmed || undefined}>
          <RetentionNote data={data} />
          <Figures data={data} />
          <Suspense fallback={<ChartPlaceholder />}>
            <VisitorsChart series={data.series} timeRange={data.debug.timeRange} />
          </Suspense>
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
            <RecentVisitors visitors={data.visitors} className="xl:col-span-3" />
            <TopPages pages={data.topPages} totalViews={data.summary.pageViews} className="xl:col-span-2" />
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <GeographicDistribution locations={data.locations} />
            <DeviceTypes devices={data.devices} />
          </div>
          <Campaigns campaigns={data.campaigns} />
          <FunnelPanel timeRange={timeRange} live={live} />
        </div>
      ) : error ? null : (
        <LoadingFigures />
      )}
    </div>
  );
}

function LiveToggle({ live, onChange }: { live: boolean; onChange: (live: boolean) => void }) {
  return (
    <div className="flex items-center gap-2.5">
      <Switch id="analytics-live" checked={live} onCheckedChange={onChange} aria-describedby="analytics-live-hint" />
      <label htmlFor="analytics-live" className="flex cursor-pointer flex-col leading-tight">
        <span className="text-sm font-semibold text-ink">Live</span>
        <span id="analytics-live-hint" className="text-xs text-ink-muted">
          {live ? `Refreshes every ${ANALYTICS_LIVE_REFRESH_MS / 1000} s` : "Manual: use Refresh"}
        </span>
      </label>
    </div>
  );
}

/** Who is on the site right now, and how fresh the figures are. */
function StatusLine({
  data,
  live,
  fetching,
  updatedAt,
}: {
  data: AnalyticsDashboard | undefined;
  live: boolean;
  fetching: boolean;
  updatedAt: number;
}) {
  const now = useNow(5_000);
  const seconds = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const freshness = fetching ? "Updating…" : seconds === null ? "" : seconds < 5 ? "Updated just now" : `Updated ${formatAge(seconds)} ago`;
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-x-5 gap-y-1.5 text-sm text-ink-muted">
      <span className="inline-flex items-center gap-2 font-medium text-ink">
        <span aria-hidden="true" className="relative flex size-2.5">
          {live && data && data.realTime.current > 0 ? (
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60 motion-reduce:hidden" />
          ) : null}
          <span
            className={cn(
              "relative inline-flex size-2.5 rounded-full",
              data && data.realTime.current > 0 ? "bg-emerald-500" : "bg-stone-300",
            )}
          />
        </span>
        {data ? (
          <>
            {countText(data.realTime.current, "visitor")} in the last {REALTIME_CURRENT_MINUTES} minutes
          </>
        ) : (
          "Counting visitors…"
        )}
      </span>
      {data ? (
        <span>
          {formatCount(data.realTime.last10min)} in the last {REALTIME_RECENT_MINUTES} minutes
        </span>
      ) : null}
      <span aria-live="polite" className="ml-auto text-xs tabular-nums">
        {freshness}
      </span>
    </div>
  );
}

const formatAge = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`);

function Figures({ data }: { data: AnalyticsDashboard }) {
  const { summary } = data;
  const range = RANGE_LABELS[data.debug.timeRange];
  const perVisit = summary.totalVisitors > 0 ? summary.pageViews / summary.totalVisitors : 0;
  const visitsPerVisitor = summary.uniqueVisitors > 0 ? summary.totalVisitors / summary.uniqueVisitors : 0;
  return (
    <StatCardGrid title={`Headline figures, ${range.long}`}>
      <StatCard icon={Users} label="Total Visitors" value={formatCount(summary.totalVisitors)} detail="visits (sessions)" />
      <StatCard
        icon={UserRound}
        label="Unique Visitors"
        value={formatCount(summary.uniqueVisitors)}
        detail={summary.uniqueVisitors > 0 ? `${visitsPerVisitor.toFixed(1)} visits each` : "distinct visitors"}
      />
      <StatCard
        icon={Eye}
        label="Page Views"
        value={formatCount(summary.pageViews)}
        detail={summary.totalVisitors > 0 ? `${perVisit.toFixed(1)} per visit` : "pages viewed"}
      />
      <StatCard
        icon={Clock}
        label="Avg. Session"
        value={formatSessionTime(summary.avgSessionTime)}
        detail="first to last event of a visit"
      />
    </StatCardGrid>
  );
}

const FIGURE_LABELS = ["Total Visitors", "Unique Visitors", "Page Views", "Avg. Session"] as const;

function LoadingFigures() {
  return (
    <div className="flex flex-col gap-6">
      <StatCardGrid title="Headline figures">
        {FIGURE_LABELS.map((label) => (
          <StatCard key={label} label={label} value={null} loading />
        ))}
      </StatCardGrid>
      <ChartPlaceholder />
    </div>
  );
}

function ChartPlaceholder() {
  return (
    <div className="flex h-[22rem] items-center justify-center rounded-panel border border-line bg-surface text-ink-subtle shadow-panel">
      <MousePointerClick aria-hidden="true" className="size-6 animate-pulse" />
    </div>
  );
}
