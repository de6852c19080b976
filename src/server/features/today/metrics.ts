import { count, gte } from "drizzle-orm";
import type { PlanMetric } from "#common/today/today.ts";
import type { Database } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { countVisitors } from "#server/features/analytics/index.ts";
import { countBangersByStatus } from "#server/features/bangers/index.ts";
import { summarizeBuilders } from "#server/features/builders/index.ts";
import { countWaitlistEntries } from "#server/features/waitlist/index.ts";
import { daysBefore, plural } from "#server/features/today/sources/task-source.ts";

/** The figures behind the plan's metrics and insight. */
export type PlanFigures = {
  waitlistTotal: number;
  waitlistLast7Days: number;
  /** Distinct visitors in the last 24 hours, and in the 24 hours before. */
  visitorsToday: number;
  visitorsDayBefore: number;
  pendingBuilders: number;
  drafts: number;
  readyToPost: number;
};

export async function readPlanFigures(db: Database, now: Date): Promise<PlanFigures> {
  const dayAgo = daysBefore(now, 1);
  const [waitlist, [joined], today, dayBefore, builders, bangers] = await Promise.all([
    countWaitlistEntries(db),
    db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(gte(waitlistEntries.createdAt, daysBefore(now, 7))),
    countVisitors(db, dayAgo, now),
    countVisitors(db, daysBefore(now, 2), new Date(dayAgo.getTime() - 1)),
    summarizeBuilders(db),
    countBangersByStatus(db),
  ]);
  return {
    waitlistTotal: waitlist.total,
    waitlistLast7Days: joined?.n ?? 0,
    visitorsToday: today.uniqueVisitors,
    visitorsDayBefore: dayBefore.uniqueVisitors,
    pendingBuilders: builders.byStatus.pending,
    drafts: bangers.draft,
    readyToPost: bangers.ready,
  };
}

/** Change against the day before, as a whole percent; null when the day before had no one (no base to compare). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function visitorsValue(figures: PlanFigures): string {
  const change = percentChange(figures.visitorsToday, figures.visitorsDayBefore);
  if (change === null) return `${figures.visitorsToday} (none the day before)`;
  return `${figures.visitorsToday} (${signed(change)}% vs the day before)`;
}

export function formatMetrics(figures: PlanFigures): PlanMetric[] {
  return [
    { label: "Waitlist growth", value: `${signed(figures.waitlistLast7Days)} this week · ${figures.waitlistTotal} total` },
    { label: "Visitors (24 h)", value: visitorsValue(figures) },
    { label: "Pending builders", value: `${figures.pendingBuilders}` },
    { label: "Drafts", value: `${plural(figures.drafts, "draft")} · ${figures.readyToPost} ready` },
  ];
}

/** One sentence about the most telling figure, checked in order of what most deserves attention. */
export function insightFrom(figures: PlanFigures): string {
  const change = percentChange(figures.visitorsToday, figures.visitorsDayBefore);
  if (change !== null && change >= 25) {
    return figures.readyToPost > 0
      ? `Visitors are up ${change}% on the day before: a good moment to post one of your ${figures.readyToPost} ready drafts.`
      : `Visitors are up ${change}% on the day before: find out which page or link brought them in Analytics.`;
  }
  if (change !== null && change <= -25) {
    return `Visitors are down ${-change}% on the day before. Posting something new is the quickest way to bring them back.`;
  }
  if (figures.pendingBuilders > 0) {
    return `${figures.pendingBuilders} builder${figures.pendingBuilders === 1 ? " is" : "s are"} waiting for an answer: a quick review keeps the community warm.`;
  }
  if (figures.waitlistTotal > 0 && figures.waitlistLast7Days === 0) {
    return "No one joined the waitlist this week. Share the landing page somewhere new today.";
  }
  if (figures.waitlistLast7Days > 0) {
    return `${plural(figures.waitlistLast7Days, "person", "people")} joined the waitlist this week (${figures.waitlistTotal} in all). Keep the momentum going.`;
  }
  if (figures.readyToPost === 0 && figures.drafts > 0) {
    return `You have ${plural(figures.drafts, "draft")} and nothing ready to post: finishing one gives the week its content.`;
  }
  return "All quiet: a good day to build, and to write about it.";
}
