import { analyticsDashboardInput } from "#common/analytics/dashboard.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { getAnalyticsDashboard } from "./dashboard";
import { getAnalyticsFunnel } from "./funnel";

export const analyticsRouter = router({
  dashboard: adminProcedure
    .meta({
      heavyRead: true,
      rest: { method: "GET", path: "/api/analytics/dashboard", summary: "The analytics dashboard for a time range (?timeRange=)" },
    })
    .input(analyticsDashboardInput)
    .query(({ ctx, input }) => getAnalyticsDashboard(ctx.db, { timeRange: input.timeRange })),
  funnel: adminProcedure
    .meta({ heavyRead: true })
    .input(analyticsDashboardInput)
    .query(({ ctx, input }) => getAnalyticsFunnel(ctx.db, { timeRange: input.timeRange })),
});
