import type { Feature } from "#server/features/feature.ts";
import { accountRouter } from "./router";
import { registerAccountRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { account: accountRouter },
  routes: (api, { deps }) => {
    registerAccountRoutes(api, deps);
  },
} satisfies Feature;
