/**
 * The server's renderer of public pages (built by `vite build --ssr` into dist/ssr; see
 * src/server/features/ssr): the same route objects as the browser, through react-router's static handler, to
 * HTML that main.tsx hydrates.
 */
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { FormRender } from "#common/forms/form-post.ts";
import type { ServerPageData } from "#common/pages/page-data.ts";
import { pageDataScript } from "#common/pages/page-hydration.ts";
import { App } from "./app";
import { routes } from "./routes";

const handler = createStaticHandler(routes);
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/;

export type RenderedPage = {
  status: number;
  /** `<div id="root">` with the page inside, and the router state the browser hydrates with. */
  html: string;
};

/**
 * Renders a page, or throws: when a loader or a component fails, the caller serves the client-rendered shell
 * (the browser then renders the page, with its own error states), never half a page. With `form`, the page's
 * own route gets the form post's outcome as its action data (the page reads it as if its action had run), in
 * the HTML and in the state the browser hydrates with.
 */
export async function renderPage(request: Request, data: ServerPageData, form?: FormRender): Promise<RenderedPage> {
  const context = await handler.query(request, { requestContext: data });
  if (context instanceof Response) throw new Error(`A loader answered ${context.status} instead of data`);
  if (context.errors) {
    const [loaderError] = Object.values(context.errors);
    throw loaderError instanceof Error ? loaderError : new Error("A route loader failed");
  }
  if (form) {
    const page = context.matches.at(-1)!.route;
    context.actionData = { [page.id]: form.formReturn };
    context.statusCode = form.status;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  let failure: unknown;
  // prerender, not a stream: it waits for every Suspense boundary and writes each in place, where a stream
  // would send a late one as an inline <script> that swaps it in (which the CSP rightly blocks). Even prerender
  // sends a boundary that way once the page passes progressiveChunkSize (12.8 KB by default): no limit here.
  const { prelude } = await prerender(<App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />, {
    onError: (error) => void (failure ??= error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  // React puts the page's <title> first; it is not part of what hydrates (the server sets the head's title).
  const markup = (await new Response(prelude).text()).replace(LEADING_HOISTABLES, "");
  if (failure) throw failure;
  const hydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  return { status: context.statusCode, html: `<div id="root">${markup}</div>${pageDataScript(hydrationData)}` };
}
