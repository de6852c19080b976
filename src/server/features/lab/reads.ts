import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { isAdminRole, type Role } from "#common/auth/accounts.ts";
import {
  addDays,
  dayNumber,
  isoDate,
  type CalendarItem,
  type Experiment,
  type ExperimentAccess,
  type ExperimentContent,
  type ExperimentDetail,
  type ExperimentUpdate,
  type LabCalendar,
  type LabList,
  type LabStats,
} from "#common/lab/lab.ts";
import { imageShareUrl, imageThumbnailUrl, imageUrl } from "#common/images/images.ts";
import type { Database } from "#server/db/client.ts";
import { analyticsPageDays, bangers, experimentUpdates, experiments, images, users, type ExperimentRow } from "#server/db/schema/index.ts";
import { notFound } from "#server/infra/errors.ts";

/*
 * The Lab's reads: a user's experiments and what is computed from them (day, spend, result, the list's stats,
 * the content calendar). The owner and admins see an experiment whole; anyone reads a shared one; to everyone
 * else it does not exist (404).
 */
export const EXPERIMENT_NOT_FOUND = "Experiment not found";
/** How many of the others' shared experiments the Community section shows. */
const COMMUNITY_SIZE = 12;

export type LabActor = { id: string; role: Role };

type Aggregate = { spent: number; attempts: number; count: number; currentResult: number | null };
const NO_UPDATES: Aggregate = { spent: 0, attempts: 0, count: 0, currentResult: null };

/** Per experiment: the sum of spends and attempts, the number of updates and the latest result. */
export async function aggregatesOf(db: Database, ids: readonly string[]): Promise<Map<string, Aggregate>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      experimentId: experimentUpdates.experimentId,
      spent: sql<number>`coalesce(sum(${experimentUpdates.spend}), 0)::int`,
      attempts: sql<number>`coalesce(sum(${experimentUpdates.attempts}), 0)::int`,
      count: sql<number>`count(*)::int`,
      currentResult: sql<number>`(array_agg(${experimentUpdates.result} order by ${experimentUpdates.createdAt} desc, ${experimentUpdates.id} desc))[1]`,
    })
    .from(experimentUpdates)
    .where(inArray(experimentUpdates.experimentId, [...ids]))
    .groupBy(experimentUpdates.experimentId);
  return new Map(rows.map(({ experimentId, ...aggregate }) => [experimentId, aggregate]));
}

/** Today's day while running, the last day once completed, null while planning. */
function currentDay(row: ExperimentRow, today: string): number | null {
  if (!row.startDate) return null;
  return dayNumber(row.startDate, row.completedOn ?? today);
}

function toExperiment(row: ExperimentRow, ownerName: string, aggregate: Aggregate, today: string): Experiment {
  return {
    id: row.id,
    ownerName,
    title: row.title,
    hypothesis: row.hypothesis,
    amount: row.amount,
    targetAmount: row.targetAmount,
    status: row.status,
    visibility: row.visibility,
    totalDays: row.totalDays,
    targetMetric: row.targetMetric,
    startDate: row.startDate,
    completedOn: row.completedOn,
    day: currentDay(row, today),
    spent: aggregate.spent,
    currentResult: aggregate.currentResult,
    fundingAttempts: aggregate.attempts,
    nextContent: row.nextContent,
    updateCount: aggregate.count,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const experimentColumns = { row: experiments, ownerName: users.name };

export async function toExperiments(
  db: Database,
  rows: Array<{ row: ExperimentRow; ownerName: string }>,
  today: string,
): Promise<Experiment[]> {
  const aggregates = await aggregatesOf(
    db,
    rows.map(({ row }) => row.id),
  );
  return rows.map(({ row, ownerName }) => toExperiment(row, ownerName, aggregates.get(row.id) ?? NO_UPDATES, today));
}

/** The pages whose views count as an experiment's content views: its public page and its images' pages. */
async function contentViews(db: Database, ownerId: string, experimentIds: readonly string[]): Promise<number> {
  if (experimentIds.length === 0) return 0;
  const imageRows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.ownerId, ownerId), inArray(images.experimentId, [...experimentIds])));
  const pages = [...experimentIds.map((id) => `/lab/${id}`), ...imageRows.map((image) => imageShareUrl(image.id))];
  const [total] = await db
    .select({ views: sql<number>`coalesce(sum(${analyticsPageDays.views}), 0)::int` })
    .from(analyticsPageDays)
    .where(inArray(analyticsPageDays.page, pages));
  return total?.views ?? 0;
}

/** The Lab's list: the actor's experiments with the header stats, and the others' shared ones. */
export async function listLab(db: Database, actor: LabActor, now: Date): Promise<LabList> {
  const today = isoDate(now);
  const own = await toExperiments(
    db,
    await db
      .select(experimentColumns)
      .from(experiments)
      .innerJoin(users, eq(users.id, experiments.ownerId))
      .where(eq(experiments.ownerId, actor.id))
      .orderBy(desc(experiments.createdAt), desc(experiments.id)),
    today,
  );
  const community = await toExperiments(
    db,
    await db
      .select(experimentColumns)
      .from(experiments)
      .innerJoin(users, eq(users.id, experiments.ownerId))
      .where(and(eq(experiments.visibility, "shared"), ne(experiments.ownerId, actor.id)))
      .orderBy(desc(experiments.updatedAt), desc(experiments.id))
      .limit(COMMUNITY_SIZE),
    today,
  );
  const stats: LabStats = {
    activeExperiments: own.filter((experiment) => experiment.status === "running").length,
    contentViews: await contentViews(
      db,
      actor.id,
      own.map((experiment) => experiment.id),
    ),
    totalInvested: own.reduce((sum, experiment) => sum + experiment.spent, 0),
  };
  return { experiments: own, stats, community };
}

export async function findRow(db: Database, id: string): Promise<{ row: ExperimentRow; ownerName: string } | undefined> {
  const [found] = await db
    .select(experimentColumns)
    .from(experiments)
    .innerJoin(users, eq(users.id, experiments.ownerId))
    .where(eq(experiments.id, id));
  return found;
}

export function accessOf(viewer: LabActor | null, row: ExperimentRow): ExperimentAccess | null {
  if (viewer?.id === row.ownerId) return "owner";
  if (viewer && isAdminRole(viewer.role)) return "admin";
  return row.visibility === "shared" ? "reader" : null;
}

export async function updatesOf(db: Database, row: ExperimentRow): Promise<ExperimentUpdate[]> {
  const rows = await db
    .select()
    .from(experimentUpdates)
    .where(eq(experimentUpdates.experimentId, row.id))
    .orderBy(asc(experimentUpdates.createdAt), asc(experimentUpdates.id));
  return rows.map((update) => ({
    id: update.id,
    day: row.startDate ? dayNumber(row.startDate, isoDate(update.createdAt)) : 1,
    note: update.note,
    spend: update.spend,
    result: update.result,
    attempts: update.attempts,
    createdAt: update.createdAt.toISOString(),
  }));
}

export async function contentOf(db: Database, experimentId: string): Promise<ExperimentContent[]> {
  const rows = await db
    .select({
      id: bangers.id,
      type: bangers.type,
      title: bangers.title,
      status: bangers.status,
      plannedFor: bangers.plannedFor,
      postedAt: bangers.postedAt,
    })
    .from(bangers)
    .where(eq(bangers.experimentId, experimentId))
    .orderBy(desc(bangers.createdAt), desc(bangers.id));
  return rows.map((row) => ({ ...row, postedAt: row.postedAt?.toISOString() ?? null }));
}

/** The detail: to its owner and admins in full, to anyone (signed in or not) when shared, else 404. */
export async function getExperiment(db: Database, viewer: LabActor | null, id: string, now: Date): Promise<ExperimentDetail> {
  const found = await findRow(db, id);
  const access = found ? accessOf(viewer, found.row) : null;
  if (!found || !access) throw notFound(EXPERIMENT_NOT_FOUND);
  const [experiment] = await toExperiments(db, [found], isoDate(now));
  const updates = await updatesOf(db, found.row);
  const imageRows = await db
    .select()
    .from(images)
    .where(and(eq(images.ownerId, found.row.ownerId), eq(images.experimentId, found.row.id)))
    .orderBy(desc(images.createdAt), desc(images.id));
  const shownImages = imageRows.map((image) => ({
    id: image.id,
    url: imageUrl(image.id),
    thumbnailUrl: imageThumbnailUrl(image.id),
    originalName: image.originalName,
    annotation: image.annotation,
  }));
  const content = access === "reader" ? [] : await contentOf(db, found.row.id);
  return { experiment: experiment!, access, updates, content, images: shownImages };
}

/** Whether an image belongs to one of its owner's shared experiments: then its files are open to anyone. */
export async function isImageOfSharedExperiment(db: Database, ownerId: string, experimentId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(experimentId)) return false;
  const [row] = await db
    .select({ id: experiments.id })
    .from(experiments)
    .where(and(eq(experiments.id, experimentId), eq(experiments.ownerId, ownerId), eq(experiments.visibility, "shared")));
  return row !== undefined;
}

export async function labCalendar(db: Database, actor: LabActor, month: string): Promise<LabCalendar> {
  const first = `${month}-01`;
  const next = addDays(first, 32).slice(0, 7) + "-01";
  const inMonth = (date: string | null): date is string => date !== null && date >= first && date < next;
  const own = await db.select().from(experiments).where(eq(experiments.ownerId, actor.id));
  const ids = own.map((row) => row.id);
  const items: CalendarItem[] = [];
  for (const row of own) {
    if (inMonth(row.startDate))
      items.push({ date: row.startDate, kind: "start", planned: false, label: `Start: ${row.title}`, experimentId: row.id });
    const end = row.completedOn ?? (row.startDate ? addDays(row.startDate, row.totalDays - 1) : null);
    if (inMonth(end))
      items.push({ date: end, kind: "end", planned: row.completedOn === null, label: `End: ${row.title}`, experimentId: row.id });
  }
  if (ids.length > 0) {
    const byId = new Map(own.map((row) => [row.id, row]));
    const from = new Date(`${first}T00:00:00Z`);
    const until = new Date(`${next}T00:00:00Z`);
    const updateRows = await db
      .select({ experimentId: experimentUpdates.experimentId, note: experimentUpdates.note, createdAt: experimentUpdates.createdAt })
      .from(experimentUpdates)
      .where(
        and(inArray(experimentUpdates.experimentId, ids), gte(experimentUpdates.createdAt, from), lt(experimentUpdates.createdAt, until)),
      );
    for (const update of updateRows) {
      const row = byId.get(update.experimentId)!;
      const date = isoDate(update.createdAt);
      const day = row.startDate ? dayNumber(row.startDate, date) : 1;
      items.push({ date, kind: "update", planned: false, label: `Day ${day}: ${row.title}`, experimentId: row.id });
    }
    const contentRows = await db
      .select({ experimentId: bangers.experimentId, title: bangers.title, plannedFor: bangers.plannedFor, postedAt: bangers.postedAt })
      .from(bangers)
      .where(and(inArray(bangers.experimentId, ids), or(isNotNull(bangers.postedAt), isNotNull(bangers.plannedFor))));
    for (const content of contentRows) {
      const date = content.postedAt ? isoDate(content.postedAt) : content.plannedFor;
      if (inMonth(date))
        items.push({ date, kind: "content", planned: !content.postedAt, label: content.title, experimentId: content.experimentId! });
    }
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label));
  return { month, items };
}

export type StaleExperiment = {
  id: string;
  title: string;
  owner: { id: string; name: string; email: string };
  /** The latest update's time, null when it never had one (then it counts from its start date). */
  lastUpdateAt: string | null;
};

/** For the daily plan: running experiments whose log has been quiet (no update, counted from the start) for `days` days. */
export async function listStaleRunningExperiments(db: Database, now: Date, days = 3): Promise<StaleExperiment[]> {
  const lastUpdate = sql<Date | null>`(select max(${experimentUpdates.createdAt}) from ${experimentUpdates} where ${experimentUpdates.experimentId} = ${experiments.id})`;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      id: experiments.id,
      title: experiments.title,
      startDate: experiments.startDate,
      ownerId: users.id,
      name: users.name,
      email: users.email,
      lastUpdate,
    })
    .from(experiments)
    .innerJoin(users, eq(users.id, experiments.ownerId))
    .where(eq(experiments.status, "running"))
    .orderBy(asc(experiments.startDate), asc(experiments.id));
  return rows
    .map((row) => ({ ...row, lastUpdate: row.lastUpdate === null ? null : new Date(row.lastUpdate) }))
    .filter((row) => (row.lastUpdate ?? new Date(`${row.startDate}T00:00:00Z`)) <= cutoff)
    .map((row) => ({
      id: row.id,
      title: row.title,
      owner: { id: row.ownerId, name: row.name, email: row.email },
      lastUpdateAt: row.lastUpdate?.toISOString() ?? null,
    }));
}

/** For the sitemap: every shared experiment's id and last change. */
export async function listSharedExperimentIds(db: Database): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: experiments.id, updatedAt: experiments.updatedAt })
    .from(experiments)
    .where(eq(experiments.visibility, "shared"))
    .orderBy(desc(experiments.updatedAt), desc(experiments.id));
}
