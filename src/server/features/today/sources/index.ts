import { contentDrafts } from "./content-drafts";
import { failedMail } from "./failed-mail";
import { newSignups } from "./new-signups";
import { newsletterDue } from "./newsletter-due";
import { pendingBuilders } from "./pending-builders";
import { seoChecklist } from "./seo-checklist";
import type { TaskSource } from "./task-source";

/**
 * Everything the daily plan looks at: one line per source, each a `(db, now) => Promise<PlanTask[]>` in this
 * folder. To add one (stale experiments, no backup in 24 hours, site assets left to do), write its file and
 * list it here.
 */
export const TASK_SOURCES: readonly TaskSource[] = [failedMail, pendingBuilders, newSignups, contentDrafts, newsletterDue, seoChecklist];
