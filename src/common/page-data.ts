import type { PublicBuilder } from "./builders";

/**
 * What the server hands the client router's loaders when it renders a public page (src/server/features/ssr):
 * the same answers the browser's loaders fetch from the REST paths, read from the services directly.
 */
export type ServerPageData = {
  /** GET /api/builders, for the visitor of the request being rendered. */
  publicBuilders: () => Promise<{ builders: PublicBuilder[] }>;
};
