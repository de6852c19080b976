import type { Feature } from "#server/features/feature.ts";
import { waitlistRouter } from "./router";
import { registerWaitlistRoutes } from "./routes";
import { waitlistFormPosts } from "./form-posts";
import { syncRankScores } from "./ranks";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { waitlist: waitlistRouter },
  routes: async (api, { deps, guards, callerFor }) => {
    // The stored rank scores follow WAITLIST_REFERRAL_BOOST: rewritten here when the setting changed.
    await syncRankScores(deps.database.db, deps.config.waitlist.referralBoost);
    registerWaitlistRoutes(api, deps, guards, callerFor);
  },
  formPosts: waitlistFormPosts(),
} satisfies Feature;

export { countWaitlistEntries, listRecentSignups, listWaitlistEntries } from "./admin-service";
export { answerForEntry, joinWaitlist, type WaitlistDeps } from "./service";
export { createWaitlistJoins, WAITLIST_POSITION_LOCK_KEY, type WaitlistJoins } from "./join-batches";
export { confirmByToken } from "./confirm";
export { myWaitlistData } from "./manage";
export { confirmToken, managePageUrl, manageToken } from "./links";
export { listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeSecret, unsubscribeToken } from "./unsubscribe";
