import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { LucideIcon } from "lucide-react";
import {
  ArrowRight,
  BadgeCheck,
  ChartColumn,
  CircleCheck,
  ClipboardList,
  DatabaseBackup,
  Eye,
  Flame,
  MapPin,
  Megaphone,
  Palette,
  Search,
  TriangleAlert,
  UserCheck,
  Users,
} from "lucide-react";
import { EMPTY_ADMIN_OVERVIEW, SIGNUP_FALLBACKS, VISITORS_WINDOW_HOURS, type RecentSignup } from "../../../common/admin";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { Spinner } from "../../ui/spinner";
import { StatCard, StatCardGrid } from "../../ui/stat-card";
import { isAdminPageAvailable } from "./admin-routes";
import { initialOf } from "./admin-header";
import { countText, formatCount, formatDateTime, formatRelativeTime, placeText } from "../../lib/format";

/** /admin: welcome, the four live figures, Quick Actions, the newest signups and the systems' status. */
export function AdminDashboardPage() {
  const overview = trpc.admin.overview.useQuery();

  // The spec (section 8): a failed fetch is logged, and the dashboard shows zeros.
  useEffect(() => {
    if (overview.error) console.error("Failed to fetch dashboard data:", overview.error);
  }, [overview.error]);

  const data = overview.data ?? EMPTY_ADMIN_OVERVIEW;
  const loading = overview.isPending && !overview.isError;
  const { builders, waitlist, visitors, seo } = data;

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
        <StatCard icon={ClipboardList} label="Waitlist" value={formatCount(waitlist.total)} loading={loading} detail="people waiting for launch" />
        <StatCard
          icon={Users}
          label="Builders"
          value={formatCount(builders.total)}
          loading={loading}
          detail={
            <>
              <span className={cn("font-semibold", builders.pending > 0 ? "text-brand-800" : "text-ink")}>{formatCount(builders.pending)}</span>{" "}
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

      <QuickActions pending={builders.pending} waitlistTotal={waitlist.total} seo={seo} loading={loading} />
      <RecentSignups signups={data.recentSignups} loading={loading} failed={overview.isError} />
    </div>
  );
}

function greeting(hour: number): string {
  if (hour < 5) return "Working late";
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
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
          {greeting(now.getHours())}, {firstName}
        </h2>
        <p className="max-w-2xl text-base text-ink-muted">
          Welcome back to the back office. Here is how The $100 Lab is doing: live figures from the waitlist, the
          builders community and the site&apos;s visitors.
        </p>
      </div>
    </section>
  );
}

const CHECK_LABELS: Record<string, string> = { database: "Database", mail: "Mail", storage: "Storage" };
const checkLabel = (name: string) => CHECK_LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** True to what the server checked: 'All Systems Operational' only when every check passed. */
function SystemStatusBanner() {
  const status = trpc.system.status.useQuery(undefined, { refetchInterval: 60_000 });

  useEffect(() => {
    if (status.error) console.error("Failed to fetch system status:", status.error);
  }, [status.error]);

  if (status.isPending) {
    return (
      <StatusFrame tone="neutral" icon={<Spinner size="sm" label={null} />} title="Checking systems…">
        Asking the server about the database, storage and mail.
      </StatusFrame>
    );
  }
  if (status.isError) {
    return (
      <StatusFrame tone="warning" icon={<TriangleAlert aria-hidden="true" className="size-5" />} title="System status unknown">
        The status check could not be reached.{" "}
        <Button variant="link" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
          Check again
        </Button>
      </StatusFrame>
    );
  }

  const { ok, checks } = status.data;
  const failing = checks.filter((check) => !check.ok);
  if (ok) {
    return (
      <StatusFrame tone="success" icon={<CircleCheck aria-hidden="true" className="size-5" />} title="All Systems Operational">
        <CheckList checks={checks} />
      </StatusFrame>
    );
  }
  return (
    <StatusFrame
      tone="error"
      icon={<TriangleAlert aria-hidden="true" className="size-5" />}
      title={`Degraded: ${failing.map((check) => checkLabel(check.name)).join(", ")}`}
    >
      <CheckList checks={checks} />
    </StatusFrame>
  );
}

function CheckList({ checks }: { checks: Array<{ name: string; ok: boolean; detail: string }> }) {
  return (
    <ul className="flex flex-col gap-x-6 gap-y-1 sm:flex-row sm:flex-wrap">
      {checks.map((check) => (
        <li key={check.name} className="flex min-w-0 items-baseline gap-1.5">
          <span aria-hidden="true" className={cn("inline-block size-2 shrink-0 translate-y-[-1px] rounded-full", check.ok ? "bg-emerald-600" : "bg-red-600")} />
          <span className="font-semibold">{checkLabel(check.name)}</span>
          <span className="sr-only">{check.ok ? "working" : "failing"}:</span>
          <span className="min-w-0 break-words">{check.detail}</span>
        </li>
      ))}
    </ul>
  );
}

const TONES = {
  neutral: "border-line bg-surface text-ink-muted",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-brand-300 bg-brand-50 text-brand-900",
  error: "border-red-200 bg-red-50 text-red-800",
} as const;

function StatusFrame({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-label="System status"
      aria-live="polite"
      className={cn("flex items-start gap-3 rounded-panel border px-4 py-3 text-sm sm:px-5", TONES[tone])}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{title}</p>
        <div className="opacity-90">{children}</div>
      </div>
    </section>
  );
}

type QuickAction = { title: string; description: string; path: string; icon: LucideIcon; count?: string };

function QuickActions({
  pending,
  waitlistTotal,
  seo,
  loading,
}: {
  pending: number;
  waitlistTotal: number;
  seo: { done: number; total: number };
  loading: boolean;
}) {
  const count = (text: string) => (loading ? undefined : text);
  const actions: QuickAction[] = [
    { title: "Review Builders", description: "Approve, verify or reject profiles", path: "builders", icon: UserCheck, count: count(`${formatCount(pending)} pending`) },
    { title: "Check Analytics", description: "Visitors, pages and devices", path: "analytics", icon: ChartColumn },
    { title: "Manage Waitlist", description: "Search, export and tidy the list", path: "waitlist", icon: ClipboardList, count: count(`${formatCount(waitlistTotal)} total`) },
    { title: "SEO Setup", description: "Five steps to get found", path: "seo-setup", icon: Search, count: count(`${seo.done}/${seo.total}`) },
    { title: "Site Assets CMS", description: "Social image, favicon, meta tags", path: "site-assets", icon: Palette },
    { title: "Content Bangers", description: "Threads, posts and chapters", path: "bangers", icon: Flame },
    { title: "Backup Data", description: "Export the site's data", path: "backup", icon: DatabaseBackup },
    { title: "Brand Voice", description: "Tweets in the product's voice", path: "brand-voice", icon: Megaphone },
  ];
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-4">
      <h2 id="quick-actions-title" className="text-lg font-semibold tracking-tight text-ink">
        Quick Actions
      </h2>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {actions.map((action) => (
          <li key={action.path}>
            <QuickActionCard action={action} available={isAdminPageAvailable(action.path)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuickActionCard({ action, available }: { action: QuickAction; available: boolean }) {
  const Icon = action.icon;
  return (
    <Link
      to={`/admin/${action.path}`}
      className="focus-ring group flex h-full flex-col gap-3 rounded-panel border border-line bg-surface p-4 shadow-panel transition hover:border-line-strong hover:shadow-overlay"
    >
      <span className="flex items-start justify-between gap-2">
        <span
          aria-hidden="true"
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-control",
            available ? "bg-ink text-brand-300" : "bg-sunken text-ink-subtle",
          )}
        >
          <Icon className="size-5" />
        </span>
        {action.count ? (
          <Badge variant={available ? "brand" : "neutral"} className="tabular-nums">
            {action.count}
          </Badge>
        ) : null}
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="flex items-center gap-1.5 leading-snug font-semibold text-ink">
          {action.title}
          <ArrowRight aria-hidden="true" className="hidden size-4 shrink-0 text-ink-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-ink sm:block" />
        </span>
        <span className="text-sm text-ink-muted">{available ? action.description : "Not available yet"}</span>
      </span>
    </Link>
  );
}

function RecentSignups({ signups, loading, failed }: { signups: RecentSignup[]; loading: boolean; failed: boolean }) {
  return (
    <section aria-labelledby="recent-signups-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-signups-title" className="text-lg font-semibold tracking-tight text-ink">
          Recent Waitlist Signups
        </h2>
        <Link to="/admin/waitlist" className="focus-ring inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-ink hover:underline">
          View all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Card>
        {loading ? (
          <div className="flex items-center justify-center p-10 text-ink-muted">
            <Spinner label="Loading recent signups" />
          </div>
        ) : failed ? (
          <p className="px-6 py-10 text-center text-sm text-ink-muted">The recent signups could not be loaded.</p>
        ) : signups.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-900">
              <ClipboardList className="size-5" />
            </span>
            <p className="font-semibold text-ink">No signups yet</p>
            <p className="max-w-xs text-sm text-ink-muted">People who join the waitlist on the home page appear here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {signups.map((signup) => {
              const name = signup.name?.trim() || SIGNUP_FALLBACKS.name;
              return (
                <li key={signup.position} className="flex items-center gap-3 px-4 py-3.5 sm:px-5">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                      signup.name ? "bg-stone-200 text-ink" : "bg-sunken text-ink-subtle",
                    )}
                  >
                    {signup.name ? initialOf(signup.name) : "?"}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col sm:grid sm:grid-cols-2 sm:items-center sm:gap-4">
                    <p className={cn("truncate text-sm font-semibold", signup.name ? "text-ink" : "text-ink-muted")}>{name}</p>
                    <p className="flex min-w-0 items-center gap-1 text-xs text-ink-muted sm:text-sm">
                      <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="truncate">{placeText(signup) ?? SIGNUP_FALLBACKS.location}</span>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row-reverse sm:items-center sm:gap-4">
                    <time dateTime={signup.joinedAt} title={formatDateTime(signup.joinedAt)} className="text-xs text-ink-muted sm:w-28 sm:text-right sm:text-sm">
                      {formatRelativeTime(signup.joinedAt)}
                    </time>
                    <Badge variant="neutral" className="px-2 py-0 font-medium">
                      {signup.source?.trim() || SIGNUP_FALLBACKS.source}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
