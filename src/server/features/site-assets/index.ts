import type { Feature } from "#server/features/feature.ts";
import { siteAssetsRouter } from "./router";
import { siteAssetsOgRouter } from "#server/features/site-assets/og/router.ts";
import { registerSiteAssetsOgRoutes } from "#server/features/site-assets/og/routes.ts";
import { registerSiteAssetsRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { siteAssets: siteAssetsRouter, siteAssetsOg: siteAssetsOgRouter },
  routes: async (api, { deps, guards, heads }) => {
    await registerSiteAssetsOgRoutes(api, deps, guards);
    await registerSiteAssetsRoutes(api, deps, guards, heads);
  },
} satisfies Feature;

export { makeFaviconFiles } from "./favicon-files";
export { renderOgPng } from "#server/features/site-assets/og/og-renderer.ts";
export { getSiteAssetsProgress } from "./progress";
export { createHtmlPages, type HtmlPages } from "./html-pages";
export { createPageHeadCache, type PageHeadCache } from "./page-head-cache";
