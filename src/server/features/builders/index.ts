import type { Feature } from "#server/features/feature.ts";
import { buildersRouter } from "./router";
import { registerBuildersRoutes } from "./routes";
import { registerBuilderAvatarRoutes } from "./avatar-routes";
import { buildersFormPosts } from "./form-posts";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { builders: buildersRouter },
  routes: async (api, { deps }) => {
    registerBuildersRoutes(api, deps);
    await registerBuilderAvatarRoutes(api, deps);
  },
  formPosts: buildersFormPosts(),
} satisfies Feature;

export { createBuilderAsAdmin, summarizeBuilders } from "./admin-service";
export { listPublicBuilders } from "./service";
export { deleteBuilderProfile, exportBuilderProfile } from "./account-data";
