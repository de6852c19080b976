import type { LoaderFunctionArgs } from "react-router";
import type { ExperimentDetail } from "#common/lab/lab.ts";
import { serverPageData, type ServerRendered } from "#client/lib/server-page-data.ts";

export type ExperimentLoaderData = ServerRendered<{ detail: ExperimentDetail | null }>;

/**
 * /lab/:id: on the server, which renders it for signed-out visitors, a shared experiment is read into the HTML
 * (crawlers and link previews see it); null for a private or missing one, whose page says it is not found.
 */
export async function experimentLoader({ context, params }: LoaderFunctionArgs): Promise<ExperimentLoaderData> {
  const server = serverPageData(context);
  return { rendered: server ? { detail: await server.sharedExperiment(params.id ?? "") } : null };
}
