import { VISITORS_WINDOW_HOURS, type AdminOverview } from "#common/admin/overview.ts";
import type { Database } from "#server/db/client.ts";
import { countBangersByStatus, countDraftTweets } from "#server/features/bangers/index.ts";
import { getLastBackupAt } from "#server/features/backup/index.ts";
import { countVisitors } from "#server/features/analytics/index.ts";
import { summarizeBuilders } from "#server/features/builders/index.ts";
import { getSeoProgress } from "#server/features/seo/index.ts";
import { getSiteAssetsProgress } from "#server/features/site-assets/index.ts";
import { countWaitlistEntries, listRecentSignups } from "#server/features/waitlist/index.ts";

/* The back office dashboard: each figure comes from the feature that owns it; this module only puts them together. */

const HOUR_MS = 60 * 60 * 1000;

/** Everything the dashboard (/admin) shows, from live data. `now` is a parameter so tests can pin the window. */
export async function getAdminOverview(db: Database, now: Date = new Date()): Promise<AdminOverview> {
  const since = new Date(now.getTime() - VISITORS_WINDOW_HOURS * HOUR_MS);
  const [waitlist, builders, visitors, recentSignups, seo, bangers, draftTweets, siteAssets, lastBackupAt] = await Promise.all([
    countWaitlistEntries(db),
    summarizeBuilders(db),
    countVisitors(db, since, now),
    listRecentSignups(db),
    getSeoProgress(db),
    countBangersByStatus(db),
    countDraftTweets(db),
    getSiteAssetsProgress(db),
    getLastBackupAt(db),
  ]);
  return {
    waitlist,
    builders: { total: builders.total, ...builders.byStatus },
    visitors: { ...visitors, since: since.toISOString() },
    recentSignups,
    seo,
    bangers: { drafts: bangers.draft, ready: bangers.ready, draftTweets },
    siteAssets,
    backup: { lastBackupAt: lastBackupAt?.toISOString() ?? null },
    generatedAt: now.toISOString(),
  };
}
