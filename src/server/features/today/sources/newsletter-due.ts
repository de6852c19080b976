import { count, desc } from "drizzle-orm";
import { newsletterSends, waitlistEntries } from "#server/db/schema/index.ts";
import { isNewsletterReader } from "#server/features/newsletter/index.ts";
import { DAY_MS, plural, type TaskSource } from "./task-source";

/** A newsletter is due when the last one went out this many days ago, or never. */
const DUE_AFTER_DAYS = 14;

/** A newsletter to the waitlist, when there are readers (those a send would reach) and none was sent for weeks. */
export const newsletterDue: TaskSource = async (db, now) => {
  const [readers] = await db.select({ n: count() }).from(waitlistEntries).where(isNewsletterReader);
  if (!readers || readers.n === 0) return [];
  const [last] = await db.select({ at: newsletterSends.createdAt }).from(newsletterSends).orderBy(desc(newsletterSends.createdAt)).limit(1);
  const daysSince = last ? Math.floor((now.getTime() - last.at.getTime()) / DAY_MS) : null;
  if (daysSince !== null && daysSince < DUE_AFTER_DAYS) return [];
  return [
    {
      id: "newsletter-due",
      category: "marketing",
      priority: "medium",
      title: "Send the waitlist a newsletter",
      description:
        daysSince === null
          ? `No newsletter has gone out yet; ${plural(readers.n, "person", "people")} on the waitlist would read one.`
          : `The last newsletter went out ${Math.floor(daysSince / 7)} weeks ago. Tell the ${plural(readers.n, "person", "people")} waiting what changed.`,
      estimatedTime: "45 min",
      link: "/admin/email-templates",
    },
  ];
};
