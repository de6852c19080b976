import type { PublicBuilder } from "#common/builders/builders.ts";
import type { SharedImage } from "#common/images/images.ts";
import type { ExperimentDetail } from "#common/lab/lab.ts";
import type { WaitlistMyData } from "#common/waitlist/waitlist.ts";

/**
 * What the server hands the client router's loaders when it renders a public page (src/server/features/ssr):
 * the same answers the browser's loaders fetch from the REST paths, read from the services directly.
 */
export type ServerPageData = {
  /** GET /api/builders, for the visitor of the request being rendered. */
  publicBuilders: () => Promise<{ builders: PublicBuilder[] }>;
  /** images.getShared: the image when it exists and is shared, else null (its page says it is not shared). */
  sharedImage: (id: string) => Promise<SharedImage | null>;
  /** lab.get for a signed-out reader: the experiment when it exists and is shared, else null (its page says not found). */
  sharedExperiment: (id: string) => Promise<ExperimentDetail | null>;
  /** waitlist.myData: the entry of a "Manage your data" link, or null for a bad token (its page says so). */
  waitlistMyData: (token: string) => Promise<WaitlistMyData | null>;
};
