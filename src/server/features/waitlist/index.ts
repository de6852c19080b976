import type { Feature } from "#server/features/feature.ts";
import { waitlistRouter } from "./router";
import { registerWaitlistRoutes } from "./routes";
import { waitlistFormPosts } from "./form-posts";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { waitlist: waitlistRouter },
  routes: (api, { deps, guards, callerFor }) => registerWaitlistRoutes(api, deps, guards, callerFor),
  formPosts: waitlistFormPosts(),
} satisfies Feature;

export { countWaitlistEntries, listRecentSignups } from "./admin-service";
export { WAITLIST_POSITION_LOCK_KEY } from "./service";
export { listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeSecret, unsubscribeToken } from "./unsubscribe";
