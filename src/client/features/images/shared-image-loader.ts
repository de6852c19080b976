import type { LoaderFunctionArgs } from "react-router-dom";
import type { SharedImage } from "../../../common/images";
import { serverPageData } from "../../lib/server-page-data";

/** `rendered` is the server's answer (null in the browser, where the page asks the API itself). */
export type SharedImageLoaderData = { rendered: { image: SharedImage | null } | null };

/** /lab/image/:id: on the server the image is read into the HTML (crawlers and link previews see it). */
export async function sharedImageLoader({ context, params }: LoaderFunctionArgs): Promise<SharedImageLoaderData> {
  const server = serverPageData(context);
  return { rendered: server ? { image: await server.sharedImage(params.id ?? "") } : null };
}
