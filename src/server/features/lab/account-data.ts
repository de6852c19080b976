import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { experimentUpdates, experiments } from "#server/db/schema/index.ts";
import { isoOrNull as iso } from "#server/infra/iso-date.ts";

/**
 * An account's experiments for its data export, oldest first, each with its update log. The rows go with the
 * account itself: their foreign key cascades from the user row.
 */
export async function exportExperimentsOf(db: Database, userId: string) {
  const experimentRows = await db
    .select()
    .from(experiments)
    .where(eq(experiments.ownerId, userId))
    .orderBy(asc(experiments.createdAt), asc(experiments.id));
  const updateRows =
    experimentRows.length === 0
      ? []
      : await db
          .select()
          .from(experimentUpdates)
          .where(
            inArray(
              experimentUpdates.experimentId,
              experimentRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(experimentUpdates.createdAt), asc(experimentUpdates.id));
  return experimentRows.map((row) => ({
    id: row.id,
    title: row.title,
    hypothesis: row.hypothesis,
    amount: row.amount,
    targetAmount: row.targetAmount,
    status: row.status,
    visibility: row.visibility,
    totalDays: row.totalDays,
    targetMetric: row.targetMetric,
    nextContent: row.nextContent,
    startDate: row.startDate,
    completedOn: row.completedOn,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    updates: updateRows
      .filter((update) => update.experimentId === row.id)
      .map((update) => ({
        id: update.id,
        note: update.note,
        spend: update.spend,
        result: update.result,
        attempts: update.attempts,
        createdAt: iso(update.createdAt),
      })),
  }));
}
