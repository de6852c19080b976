import type { Feature } from "#server/features/feature.ts";
import { newsletterRouter } from "./router";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { newsletter: newsletterRouter },
} satisfies Feature;

export { isNewsletterReader, progressCountsQuery, sendNewsletter } from "./service";
