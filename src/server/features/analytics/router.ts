import { analyticsDashboardInput } from "../../../common/analytics-dashboard";
import { adminProcedure, router } from "../../trpc/init";
import { getAnalyticsDashboard } from "./dashboard";

/** The admin analytics dashboard. Same service as GET /api/analytics/dashboard. */
export const analyticsRouter = router({
  dashboard: adminProcedure
    .input(analyticsDashboardInput)
    .query(({ ctx, input }) => getAnalyticsDashboard(ctx.db, { timeRange: input.timeRange })),
});
