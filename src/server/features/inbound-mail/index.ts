import type { Feature } from "#server/features/feature.ts";
import { inboundMailRouter } from "./router";
import { registerInboundMailRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { inboundMail: inboundMailRouter },
  routes: async (api, { deps, guards }) => {
    await registerInboundMailRoutes(api, deps, guards);
  },
} satisfies Feature;
