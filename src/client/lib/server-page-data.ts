import type { ServerPageData } from "../../common/page-data";

/**
 * The server's page data when a loader runs on the server (entry-server.tsx passes it as the router's context),
 * or null in the browser, whose router passes a context of its own.
 */
export function serverPageData(context: unknown): ServerPageData | null {
  return typeof context === "object" && context !== null && "publicBuilders" in context ? (context as ServerPageData) : null;
}
