import type { ServerPageData } from "#common/pages/page-data.ts";

/**
 * The server's page data when a loader runs on the server (entry-server.tsx passes it as the router's context),
 * or null in the browser, whose router passes a context of its own.
 */
export function serverPageData(context: unknown): ServerPageData | null {
  return typeof context === "object" && context !== null && "publicBuilders" in context ? (context as ServerPageData) : null;
}

/**
 * What the loader of a page the server can render returns: what the server read for the page, or null in the
 * browser, where the page asks the API itself. A page hydrating from the server's HTML has the server's answer.
 */
export type ServerRendered<T> = { rendered: T | null };

/** Whether a route's loader data is the server's answer (the page came rendered from the server). */
export const isRenderedByServer = (loaderData: unknown): boolean =>
  typeof loaderData === "object" && loaderData !== null && (loaderData as Partial<ServerRendered<unknown>>).rendered != null;
