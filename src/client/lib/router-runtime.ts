/**
 * What start-app.tsx takes from the router, in a module of the router's chunk: main.tsx loads it first, so that
 * the router's code runs in a task of its own. (A dynamic import of the package itself would keep every one of
 * its exports in the bundle.)
 */
export { createBrowserRouter, matchRoutes, type HydrationState } from "react-router";
// The DOM build of RouterProvider: it hands react-dom's flushSync to the router (navigations with `flushSync`).
export { RouterProvider } from "react-router/dom";
