import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { ArrowRight, ChartColumn, ClipboardList, DatabaseBackup, Flame, Megaphone, Palette, Search, UserCheck } from "lucide-react";
import type { AdminOverview } from "#common/admin/overview.ts";
import { countText, formatCount, formatRelativeTime } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import type { AdminPagePath } from "./admin-routes";

const backupAge = (lastBackupAt: string | null) => (lastBackupAt ? `last ${formatRelativeTime(lastBackupAt)}` : "none yet");

/** A shortcut to a back-office page, in the dashboard's own words and icon. */
type QuickAction = { title: string; description: string; path: AdminPagePath; icon: LucideIcon; count?: string };

export function QuickActions({
  pending,
  waitlistTotal,
  visitors,
  seo,
  bangers,
  siteAssets,
  backup,
  loading,
}: {
  pending: number;
  waitlistTotal: number;
  visitors: number;
  seo: { done: number; total: number };
  bangers: AdminOverview["bangers"];
  siteAssets: AdminOverview["siteAssets"];
  backup: AdminOverview["backup"];
  loading: boolean;
}) {
  const count = (text: string) => (loading ? undefined : text);
  const actions: QuickAction[] = [
    {
      title: "Review Builders",
      description: "Approve, verify or reject profiles",
      path: "builders",
      icon: UserCheck,
      count: count(`${formatCount(pending)} pending`),
    },
    {
      title: "Check Analytics",
      description: "Visitors, pages and devices",
      path: "analytics",
      icon: ChartColumn,
      count: count(countText(visitors, "visitor")),
    },
    {
      title: "Manage Waitlist",
      description: "Search, export and tidy the list",
      path: "waitlist",
      icon: ClipboardList,
      count: count(`${formatCount(waitlistTotal)} total`),
    },
    {
      title: "SEO Setup",
      description: "Five steps to get found",
      path: "seo-setup",
      icon: Search,
      count: count(`${seo.done}/${seo.total}`),
    },
    {
      title: "Site Assets CMS",
      description: "Social image, favicon, meta tags",
      path: "site-assets",
      icon: Palette,
      count: count(`${siteAssets.done}/${siteAssets.total} set`),
    },
    {
      title: "Content Bangers",
      description: "Threads, posts and chapters",
      path: "bangers",
      icon: Flame,
      count: count(`${formatCount(bangers.ready)} ready`),
    },
    {
      title: "Backup Data",
      description: "Back up and restore the site's data",
      path: "backup",
      icon: DatabaseBackup,
      count: count(backupAge(backup.lastBackupAt)),
    },
    {
      title: "Brand Voice",
      description: "Tweets in the product's voice",
      path: "brand-voice",
      icon: Megaphone,
      count: count(countText(bangers.draftTweets, "tweet draft")),
    },
  ];
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-4">
      <h2 id="quick-actions-title" className="text-lg font-semibold tracking-tight text-ink">
        Quick Actions
      </h2>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {actions.map((action) => (
          <li key={action.path}>
            <QuickActionCard action={action} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuickActionCard({ action }: { action: QuickAction }) {
  const Icon = action.icon;
  return (
    <Link
      to={`/admin/${action.path}`}
      className="focus-ring group flex h-full flex-col gap-3 rounded-panel border border-line bg-surface p-4 shadow-panel transition hover:border-line-strong hover:shadow-overlay"
    >
      <span className="flex items-start justify-between gap-2">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-control bg-ink text-brand-300">
          <Icon className="size-5" />
        </span>
        {action.count ? (
          <Badge variant="brand" className="tabular-nums">
            {action.count}
          </Badge>
        ) : null}
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="flex items-center gap-1.5 leading-snug font-semibold text-ink">
          {action.title}
          <ArrowRight
            aria-hidden="true"
            className="hidden size-4 shrink-0 text-ink-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-ink sm:block"
          />
        </span>
        <span className="text-sm text-ink-muted">{action.description}</span>
      </span>
    </Link>
  );
}
