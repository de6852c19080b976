import type { Feature } from "#server/features/feature.ts";
import { analyticsRouter } from "./router";
import { registerAnalyticsRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { analytics: analyticsRouter },
  routes: async (api, { deps }) => {
    await registerAnalyticsRoutes(api, deps);
  },
} satisfies Feature;

export { figuresOfCampaign } from "./campaigns";
export { getAnalyticsDashboard } from "./dashboard";
export { getAnalyticsFunnel } from "./funnel";
export { insertAnalyticsEvents, type AnalyticsEventRow } from "./event-writer";
export { rebuildRollups } from "./rollups";
export { countVisitors } from "./visitor-counts";
export { createAnalyticsPipeline, type AnalyticsPipeline } from "./pipeline";
export { createPartitionJob, type PartitionJob } from "./partitions";
