import type { LoaderFunctionArgs } from "react-router";
import type { WaitlistMyData } from "#common/waitlist/waitlist.ts";
import { serverPageData, type ServerRendered } from "#client/lib/server-page-data.ts";

export type ManageLoaderData = ServerRendered<{ data: WaitlistMyData | null }>;

/** /waitlist/me?token=: on the server the entry is read into the HTML, so the page shows it with scripts off. */
export async function manageLoader({ context, request }: LoaderFunctionArgs): Promise<ManageLoaderData> {
  const server = serverPageData(context);
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  return { rendered: server ? { data: await server.waitlistMyData(token) } : null };
}
