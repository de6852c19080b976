import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "react-router-dom";
import { PAGE_DATA_ELEMENT_ID } from "../common/page-hydration";
import { App } from "./app";
import { installAnalytics } from "./lib/analytics";
import { routes } from "./routes";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");
installAnalytics();

/** The router state of a page the server rendered (src/server/features/ssr), or null for the plain shell. */
function serverRenderedState(): HydrationState | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : null;
}

/**
 * Hydration must render what the server rendered: the lazy routes of this URL load first (the server preloads
 * their chunks), or the router would show its fallback and React would throw the server's HTML away.
 */
async function loadLazyRoutesOf(location: Location) {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => typeof match.route.lazy === "function");
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

const hydrationData = serverRenderedState();
if (hydrationData) {
  await loadLazyRoutesOf(window.location);
  const router = createBrowserRouter(routes, { hydrationData });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task: the page
  // is already painted, and input stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(container, <App router={<RouterProvider router={router} />} />);
  });
} else {
  createRoot(container).render(<App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
}
