import { data, type LoaderFunctionArgs } from "react-router";
import type { ExperimentDetail } from "#common/lab/lab.ts";
import { serverPageData, type ServerRendered } from "#client/lib/server-page-data.ts";

export type ExperimentLoaderData = ServerRendered<{ detail: ExperimentDetail | null }>;

/**
 * /lab/:id: on the server, which renders it for signed-out visitors, a shared experiment is read into the HTML
 * (crawlers and link previews see it); null for a private, deleted or missing one, whose page says it is not
 * found, with status 404 (a crawler drops the address, a link preview shows nothing).
 */
export async function experimentLoader({ context, params }: LoaderFunctionArgs) {
  const server = serverPageData(context);
  if (!server) return { rendered: null } satisfies ExperimentLoaderData;
  const detail = await server.sharedExperiment(params.id ?? "");
  const loaded: ExperimentLoaderData = { rendered: { detail } };
  return detail ? loaded : data(loaded, { status: 404 });
}
