import { backupDue } from "./backup-due";
import { contentDrafts } from "./content-drafts";
import { failedMail } from "./failed-mail";
import { newSignups } from "./new-signups";
import { newsletterDue } from "./newsletter-due";
import { pendingBuilders } from "./pending-builders";
import { seoChecklist } from "./seo-checklist";
import { staleExperiments } from "./stale-experiments";
import type { TaskSource } from "./task-source";

/**
 * Everything the daily plan looks at: one line per source, each a `(db, now) => Promise<PlanTask[]>` in this
 * folder. To add one, write its file and list it here.
 */
export const TASK_SOURCES: readonly TaskSource[] = [
  backupDue,
  failedMail,
  pendingBuilders,
  newSignups,
  contentDrafts,
  staleExperiments,
  newsletterDue,
  seoChecklist,
];
