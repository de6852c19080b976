import { VISITORS_WINDOW_HOURS, type AdminOverview } from "../../../common/admin";
import type { Database } from "../../db/client";
import { countBangersByStatus, countDraftTweets } from "../bangers/service";
import { getLastBackupAt } from "../backup/service";
import { countVisitors } from "../analytics/visitor-counts";
import { summarizeBuilders } from "../builders/admin-service";
import { getSeoProgress } from "../seo/service";
import { getSiteAssetsProgress } from "../site-assets/progress";
import { countWaitlistEntries, listRecentSignups } from "../waitlist/admin-service";

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
