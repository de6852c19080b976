import {
  experimentEditInput,
  experimentFormInput,
  experimentIdInput,
  experimentMoveInput,
  experimentUpdateInput,
  experimentVisibilityInput,
  labCalendarInput,
} from "#common/lab/input.ts";
import { memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import { getExperiment, labCalendar, listLab } from "./reads";
import {
  addExperimentUpdate,
  createExperiment,
  createExperimentTemplate,
  deleteExperiment,
  editExperiment,
  generateExperimentContent,
  moveExperiment,
  setExperimentVisibility,
} from "./writes";

/** The Lab: members manage their own experiments (admins any); a shared experiment is readable by anyone. */
export const labRouter = router({
  /** The caller's experiments, the header stats and the Community section. */
  list: memberProcedure.query(({ ctx }) => listLab(ctx.db, ctx.user, new Date())),
  calendar: memberProcedure.input(labCalendarInput).query(({ ctx, input }) => labCalendar(ctx.db, ctx.user, input.month)),
  /** The detail, and the public page /lab/{id} of a shared experiment (signed out too). */
  get: publicProcedure.input(experimentIdInput).query(({ ctx, input }) => getExperiment(ctx.db, ctx.user, input.id, new Date())),
  /** A new experiment (or template, below) is private, with no page anyone has yet. */
  create: memberProcedure
    .input(experimentFormInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => createExperiment(ctx.db, ctx.user, input, new Date())),
  edit: memberProcedure
    .input(experimentEditInput)
    .meta({ invalidates: ["lab"] })
    .mutation(({ ctx, input }) => editExperiment(ctx.db, ctx.user, input, new Date())),
  /** Its shared page and its images' pages answer 404 at once: every instance drops them from its cache. */
  delete: memberProcedure
    .input(experimentIdInput)
    .meta({ invalidates: ["lab", "images"] })
    .mutation(({ ctx, input }) => deleteExperiment({ db: ctx.db, storage: ctx.deps.storage }, ctx.user, input.id)),
  setVisibility: memberProcedure
    .input(experimentVisibilityInput)
    .meta({ invalidates: ["lab"] })
    .mutation(({ ctx, input }) => setExperimentVisibility(ctx.db, ctx.user, input, new Date())),
  move: memberProcedure
    .input(experimentMoveInput)
    .meta({ invalidates: ["lab"] })
    .mutation(({ ctx, input }) => moveExperiment(ctx.db, ctx.user, input, new Date())),
  addUpdate: memberProcedure
    .input(experimentUpdateInput)
    .meta({ invalidates: ["lab"] })
    .mutation(({ ctx, input }) => addExperimentUpdate(ctx.db, ctx.user, input, new Date())),
  generateContent: memberProcedure
    .input(experimentIdInput)
    .meta({ invalidates: ["lab"] })
    .mutation(({ ctx, input }) => generateExperimentContent(ctx.db, ctx.user, input.id, new Date())),
  createTemplate: memberProcedure
    .input(experimentIdInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => createExperimentTemplate(ctx.db, ctx.user, input.id, new Date())),
});
