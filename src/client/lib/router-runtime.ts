/**
 * What start-app.tsx takes from the router, in a module of the router's chunk: main.tsx loads it first, so that
 * the router's code runs in a task of its own. (A dynamic import of the package itself would keep every one of
 * its exports in the bundle.)
 */
export { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "react-router-dom";
