import type { LoaderFunctionArgs } from "react-router";
import type { PublicBuilder } from "#common/builders/builders.ts";
import { serverPageData } from "#client/lib/server-page-data.ts";

export type BuildersList = { builders: PublicBuilder[] };
export type BuildersLoaderData = { list: BuildersList | Promise<BuildersList> };

async function fetchPublicBuilders(): Promise<BuildersList> {
  const response = await fetch("/api/builders", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/builders answered ${response.status}`);
  return (await response.json()) as BuildersList;
}

/**
 * The directory of /builders. On the server (which passes its page data as the router's context) the list is
 * in the HTML; in the browser the page shows at once and the list streams in (an <Await> with its own states).
 */
export async function buildersLoader({ context }: LoaderFunctionArgs): Promise<BuildersLoaderData> {
  const server = serverPageData(context);
  return { list: server ? await server.publicBuilders() : fetchPublicBuilders() };
}
