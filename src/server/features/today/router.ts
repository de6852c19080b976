import { dailyPlanInput, planTaskDoneInput } from "#common/today/today.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { getDailyPlan, regenerateDailyPlan, setPlanTaskDone } from "./service";

/** The daily plan (/today), per admin. `timeZone` sets the plan date; UTC by default. */
export const todayRouter = router({
  plan: adminProcedure
    .meta({
      heavyRead: true,
      rest: { method: "GET", path: "/api/today/generate", summary: "Today's plan (?timeZone=), made on the first call of the day" },
    })
    .input(dailyPlanInput)
    .query(({ ctx, input }) => getDailyPlan(ctx.db, ctx.user, input)),
  regenerate: adminProcedure
    .meta({
      invalidates: [],
      heavyRead: true,
      rest: { method: "POST", path: "/api/today/regenerate", summary: "Make today's plan again ({timeZone})" },
    })
    .input(dailyPlanInput)
    .mutation(({ ctx, input }) => regenerateDailyPlan(ctx.db, ctx.user, input)),
  setTaskDone: adminProcedure
    .input(planTaskDoneInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => setPlanTaskDone(ctx.db, ctx.user, input)),
});
