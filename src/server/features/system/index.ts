import type { Feature } from "#server/features/feature.ts";
import { systemRouter } from "./router";
import { registerSystemRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { system: systemRouter },
  routes: (api, { deps }) => registerSystemRoutes(api, deps),
} satisfies Feature;
