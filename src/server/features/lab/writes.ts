import { and, eq } from "drizzle-orm";
import {
  addDays,
  canMoveExperiment,
  dayNumber,
  isoDate,
  type Experiment,
  type ExperimentContent,
  type ExperimentUpdate,
} from "#common/lab/lab.ts";
import type {
  ExperimentEditInput,
  ExperimentFormInput,
  ExperimentMoveInput,
  ExperimentUpdateInput,
  ExperimentVisibilityInput,
} from "#common/lab/input.ts";
import type { Database } from "#server/db/client.ts";
import { experimentUpdates, experiments, type ExperimentRow } from "#server/db/schema/index.ts";
import { conflict, invalid, notFound } from "#server/infra/errors.ts";
import { createBanger } from "#server/features/bangers/index.ts";
import { deleteImagesOf } from "#server/features/images/index.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { contentDrafts } from "./content-drafts";
import {
  EXPERIMENT_NOT_FOUND,
  accessOf,
  aggregatesOf,
  contentOf,
  findRow,
  getExperiment,
  toExperiments,
  updatesOf,
  type LabActor,
} from "./reads";

/*
 * The Lab's writes: creating and editing experiments, sharing them, the status machine planning -> running ->
 * completed, the update log and the content drafts made from it. Only the owner and admins manage an experiment.
 */

/** The experiment when the actor may manage it (its owner or an admin); 404 otherwise. */
async function manageableRow(db: Database, actor: LabActor, id: string): Promise<{ row: ExperimentRow; ownerName: string }> {
  const found = await findRow(db, id);
  const access = found ? accessOf(actor, found.row) : null;
  if (!found || (access !== "owner" && access !== "admin")) throw notFound(EXPERIMENT_NOT_FOUND);
  return found;
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

/**
 * Deletes an experiment for good: its images with their stored files, then the experiment with its update log
 * (content drafts made from it stay, unlinked). The procedure drops the cached shared pages on every instance.
 */
export async function deleteExperiment(ctx: { db: Database; storage: ObjectStorage }, actor: LabActor, id: string): Promise<{ ok: true }> {
  const { row } = await manageableRow(ctx.db, actor, id);
  await deleteImagesOf(ctx, { ownerId: row.ownerId, experimentId: row.id });
  await ctx.db.delete(experiments).where(eq(experiments.id, row.id));
  return { ok: true };
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
