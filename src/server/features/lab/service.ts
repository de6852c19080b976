import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { isAdminRole, type Role } from "#common/auth/accounts.ts";
import {
  addDays,
  canMoveExperiment,
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
import type {
  ExperimentEditInput,
  ExperimentFormInput,
  ExperimentMoveInput,
  ExperimentUpdateInput,
  ExperimentVisibilityInput,
} from "#common/lab/input.ts";
import { imageShareUrl, imageThumbnailUrl, imageUrl } from "#common/images/images.ts";
import type { Database } from "#server/db/client.ts";
import { analyticsPageDays, bangers, experimentUpdates, experiments, images, users, type ExperimentRow } from "#server/db/schema/index.ts";
import { conflict, invalid, notFound } from "#server/infra/errors.ts";
import { createBanger } from "#server/features/bangers/index.ts";
import { contentDrafts } from "./content-drafts";

/*
 * The Lab: a user's experiments, their update log, the status machine planning -> running -> completed, and
 * what is computed from them (day, spend, result, the list's stats, the content calendar). The owner and admins
 * manage an experiment; anyone reads a shared one; to everyone else it does not exist (404).
 */

export const EXPERIMENT_NOT_FOUND = "Experiment not found";
/** How many of the others' shared experiments the Community section shows. */
const COMMUNITY_SIZE = 12;

export type LabActor = { id: string; role: Role };

type Aggregate = { spent: number; attempts: number; count: number; currentResult: number | null };
const NO_UPDATES: Aggregate = { spent: 0, attempts: 0, count: 0, currentResult: null };

/** Per experiment: the sum of spends and attempts, the number of updates and the latest result. */
async function aggregatesOf(db: Database, ids: readonly string[]): Promise<Map<string, Aggregate>> {
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

async function toExperiments(db: Database, rows: Array<{ row: ExperimentRow; ownerName: string }>, today: string): Promise<Experiment[]> {
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

async function findRow(db: Database, id: string): Promise<{ row: ExperimentRow; ownerName: string } | undefined> {
  const [found] = await db
    .select(experimentColumns)
    .from(experiments)
    .innerJoin(users, eq(users.id, experiments.ownerId))
    .where(eq(experiments.id, id));
  return found;
}

function accessOf(viewer: LabActor | null, row: ExperimentRow): ExperimentAccess | null {
  if (viewer?.id === row.ownerId) return "owner";
  if (viewer && isAdminRole(viewer.role)) return "admin";
  return row.visibility === "shared" ? "reader" : null;
}

/** The experiment when the actor may manage it (its owner or an admin); 404 otherwise. */
async function manageableRow(db: Database, actor: LabActor, id: string): Promise<{ row: ExperimentRow; ownerName: string }> {
  const found = await findRow(db, id);
  const access = found ? accessOf(actor, found.row) : null;
  if (!found || (access !== "owner" && access !== "admin")) throw notFound(EXPERIMENT_NOT_FOUND);
  return found;
}

async function updatesOf(db: Database, row: ExperimentRow): Promise<ExperimentUpdate[]> {
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

async function contentOf(db: Database, experimentId: string): Promise<ExperimentContent[]> {
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

const formValues = (input: ExperimentFormInput) => ({
  title: input.title,
  hypothesis: input.hypothesis,
  amount: input.amount,
  targetAmount: input.targetAmount,
  totalDays: input.totalDays,
  targetMetric: input.targetMetric,
  nextContent: input.nextContent,
});

async function detailOf(db: Database, actor: LabActor, id: string, now: Date) {
  return { experiment: (await getExperiment(db, actor, id, now)).experiment };
}

/** A new experiment of the actor's, in planning; private unless shared on creation. */
export async function createExperiment(
  db: Database,
  actor: LabActor,
  input: ExperimentFormInput,
  now: Date,
): Promise<{ experiment: Experiment }> {
  const [row] = await db
    .insert(experiments)
    .values({ ownerId: actor.id, ...formValues(input), visibility: input.visibility ?? "private" })
    .returning({ id: experiments.id });
  return detailOf(db, actor, row!.id, now);
}

/** Edits the fields. The investment may not drop below what the updates already spent. */
export async function editExperiment(
  db: Database,
  actor: LabActor,
  input: ExperimentEditInput,
  now: Date,
): Promise<{ experiment: Experiment }> {
  const { row } = await manageableRow(db, actor, input.id);
  const spent = (await aggregatesOf(db, [row.id])).get(row.id)?.spent ?? 0;
  if (input.amount < spent) throw invalid(`Investment amount cannot be less than the $${spent} already spent`);
  await db
    .update(experiments)
    .set({ ...formValues(input), ...(input.visibility ? { visibility: input.visibility } : {}) })
    .where(eq(experiments.id, row.id));
  return detailOf(db, actor, row.id, now);
}

export async function setExperimentVisibility(
  db: Database,
  actor: LabActor,
  input: ExperimentVisibilityInput,
  now: Date,
): Promise<{ experiment: Experiment }> {
  const { row } = await manageableRow(db, actor, input.id);
  await db.update(experiments).set({ visibility: input.visibility }).where(eq(experiments.id, row.id));
  return detailOf(db, actor, row.id, now);
}

/** planning -> running sets the start date (today), running -> completed the end date; other moves are refused. */
export async function moveExperiment(
  db: Database,
  actor: LabActor,
  input: ExperimentMoveInput,
  now: Date,
): Promise<{ experiment: Experiment }> {
  const { row } = await manageableRow(db, actor, input.id);
  if (!canMoveExperiment(row.status, input.status)) {
    throw invalid(`An experiment cannot move from ${row.status} to ${input.status}`);
  }
  const today = isoDate(now);
  const values = input.status === "running" ? { status: input.status, startDate: today } : { status: input.status, completedOn: today };
  // Only from the status just read: two clicks at once move it once.
  const [moved] = await db
    .update(experiments)
    .set(values)
    .where(and(eq(experiments.id, row.id), eq(experiments.status, row.status)))
    .returning({ id: experiments.id });
  if (!moved) throw conflict("The experiment changed meanwhile. Reload and try again.");
  return detailOf(db, actor, row.id, now);
}

/** Adds to a running experiment's log. The spends together stay within the investment. */
export async function addExperimentUpdate(
  db: Database,
  actor: LabActor,
  input: ExperimentUpdateInput,
  now: Date,
): Promise<{ update: ExperimentUpdate; experiment: Experiment }> {
  const { row } = await manageableRow(db, actor, input.experimentId);
  if (row.status === "planning") throw invalid("Start the experiment before adding updates");
  if (row.status === "completed") throw invalid("This experiment is completed: its log is closed");
  const spent = (await aggregatesOf(db, [row.id])).get(row.id)?.spent ?? 0;
  if (spent + input.spend > row.amount) {
    throw invalid(`Spend would take the total to $${spent + input.spend}, over the $${row.amount} invested ($${row.amount - spent} left)`);
  }
  const [inserted] = await db
    .insert(experimentUpdates)
    .values({ experimentId: row.id, note: input.note, spend: input.spend, result: input.result, attempts: input.attempts, createdAt: now })
    .returning();
  await db.update(experiments).set({ updatedAt: now }).where(eq(experiments.id, row.id));
  const update: ExperimentUpdate = {
    id: inserted!.id,
    day: dayNumber(row.startDate!, isoDate(now)),
    note: inserted!.note,
    spend: inserted!.spend,
    result: inserted!.result,
    attempts: inserted!.attempts,
    createdAt: inserted!.createdAt.toISOString(),
  };
  return { update, ...(await detailOf(db, actor, row.id, now)) };
}

/**
 * Generate Content: drafts in the bangers (a tweet, a thread, a LinkedIn post) written from the hypothesis, the
 * log and the result, linked back to the experiment and planned for the next days, one a day.
 */
export async function generateExperimentContent(
  db: Database,
  actor: LabActor,
  id: string,
  now: Date,
): Promise<{ content: ExperimentContent[] }> {
  const found = await manageableRow(db, actor, id);
  const [experiment] = await toExperiments(db, [found], isoDate(now));
  const drafts = contentDrafts(experiment!, await updatesOf(db, found.row));
  const today = isoDate(now);
  for (const [index, draft] of drafts.entries()) {
    await createBanger(db, { ...draft, metadata: {} }, { experimentId: id, plannedFor: addDays(today, index + 1) });
  }
  return { content: await contentOf(db, id) };
}

/** Create Template: a new planning experiment of the actor's, prefilled from a completed one. */
export async function createExperimentTemplate(db: Database, actor: LabActor, id: string, now: Date): Promise<{ experiment: Experiment }> {
  const { row } = await manageableRow(db, actor, id);
  if (row.status !== "completed") throw invalid("Only a completed experiment can become a template");
  return createExperiment(db, actor, { ...row, title: `${row.title} (template)`.slice(0, 120), visibility: "private" }, now);
}

/** The Content Calendar's month (YYYY-MM): the actor's starts, ends, updates and content drafts, by date. */
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
