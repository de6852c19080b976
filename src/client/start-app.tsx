import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "#client/lib/router-runtime.ts";
import { PAGE_DATA_ELEMENT_ID } from "#common/pages/page-hydration.ts";
import { App } from "./app";
import { installAnalytics } from "#client/lib/analytics.ts";
import { nextTask } from "#client/lib/next-task.ts";
import { routes } from "./routes";
import { prepareClassMerging } from "#client/ui/cn.ts";

/** The router state of a page the server rendered (src/server/features/ssr), or null for the plain shell. */
function serverRenderedState(): HydrationState | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : null;
}

/**
 * Hydration must render what the server rendered: the lazy routes of this URL load first, or the router would
 * show its fallback and React would throw the server's HTML away.
 */
async function loadLazyRoutesOf(location: Location) {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => typeof match.route.lazy === "function");
  // One after the other, each in a task of its own: loaded together they would run as one long task (the API
  // layout alone is a long one). The page is already painted, so waiting for them delays only interactivity.
  for (const { route } of lazyMatches) {
    Object.assign(route, { ...(await (route.lazy as () => Promise<object>)()), lazy: undefined });
    await nextTask();
  }
}

/**
 * Starts the app in #root: hydrates the page the server rendered, or renders the client-rendered shell's page.
 * Hydration comes in steps, each a task of its own, so that none blocks input for long.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const hydrationData = serverRenderedState();
  if (!hydrationData) {
    installAnalytics();
    createRoot(container).render(<App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
    return;
  }
  await nextTask();
  installAnalytics();
  await nextTask();
  await loadLazyRoutesOf(window.location);
  const router = createBrowserRouter(routes, { hydrationData });
  await nextTask();
  await prepareClassMerging();
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(container, <App router={<RouterProvider router={router} />} />);
  });
}
