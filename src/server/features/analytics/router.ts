import { analyticsDashboardInput } from "../../../common/analytics-dashboard";
import { adminProcedure, router } from "../../trpc/init";
import { getAnalyticsDashboard } from "./dashboard";

export const analyticsRouter = router({
  dashboard: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/analytics/dashboard", summary: "The analytics dashboard for a time range (?timeRange=)" } })
    .input(analyticsDashboardInput)
    .query(({ ctx, input }) => getAnalyticsDashboard(ctx.db, { timeRange: input.timeRange })),
});
