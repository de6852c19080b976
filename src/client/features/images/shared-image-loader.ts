import type { LoaderFunctionArgs } from "react-router";
import type { SharedImage } from "#common/images/images.ts";
import { serverPageData, type ServerRendered } from "#client/lib/server-page-data.ts";

export type SharedImageLoaderData = ServerRendered<{ image: SharedImage | null }>;

/** /lab/image/:id: on the server the image is read into the HTML (crawlers and link previews see it). */
export async function sharedImageLoader({ context, params }: LoaderFunctionArgs): Promise<SharedImageLoaderData> {
  const server = serverPageData(context);
  return { rendered: server ? { image: await server.sharedImage(params.id ?? "") } : null };
}
