import type { Feature } from "#server/features/feature.ts";
import { imagesRouter } from "./router";
import { registerImagesRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { images: imagesRouter },
  routes: async (api, { deps, guards }) => {
    await registerImagesRoutes(api, deps, guards);
  },
} satisfies Feature;

export { deleteImagesOf, getSharedImage } from "./service";
export { exportImagesOf } from "./account-data";
