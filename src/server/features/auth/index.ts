import type { Feature } from "#server/features/feature.ts";
import { authRouter } from "./router";
import { registerAuthRoutes } from "./routes";
import { authFormPosts } from "./form-posts";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { auth: authRouter },
  routes: async (api, { deps }) => {
    await registerAuthRoutes(api, deps);
  },
  formPosts: authFormPosts(),
} satisfies Feature;

export { describeCreateAdminFailure, runCreateAdmin } from "./create-admin-command";
export { adminExists, createOrPromoteAdmin } from "./service";
