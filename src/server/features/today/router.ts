import { dailyPlanInput, planTaskDoneInput } from "../../../common/today";
import { adminProcedure, router } from "../../trpc/init";
import { getDailyPlan, regenerateDailyPlan, setPlanTaskDone } from "./service";

/** The daily plan (/today), per admin. Same service as /api/today/generate and /api/today/regenerate. */
export const todayRouter = router({
  plan: adminProcedure.input(dailyPlanInput).query(({ ctx, input }) => getDailyPlan(ctx.db, ctx.user, input)),
  regenerate: adminProcedure
    .input(dailyPlanInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => regenerateDailyPlan(ctx.db, ctx.user, input)),
  setTaskDone: adminProcedure
    .input(planTaskDoneInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => setPlanTaskDone(ctx.db, ctx.user, input)),
});
