import { faviconConfigInput } from "#common/site-assets/favicon.ts";
import { metaConfigInput } from "#common/site-assets/meta.ts";
import { adminProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import { generateFavicons, listStoredFavicons, previewFavicon, readFaviconState } from "./favicon-service";
import { getMetaTags, previewMetaTags, updateMetaTags } from "./meta-tags";

/** The Favicon and Meta Tags tabs of Site Assets CMS. The OG Generator has its own router (siteAssetsOg). */
export const siteAssetsRouter = router({
  favicon: adminProcedure.query(({ ctx }) => readFaviconState(ctx.db)),
  /** Public: the pages' icon links. Files are paths; `version` is the `?v=` the pages add. */
  activeFavicons: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/site-assets/active-favicons", summary: "The active favicon files and their version" },
      cacheControl: "no-cache",
    })
    .query(async ({ ctx }) => {
      const { files, version } = await readFaviconState(ctx.db);
      return { success: true, files, version };
    }),
  storedFavicons: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/debug/kv-favicon-list", summary: "Every favicon file in storage, for debugging" } })
    .query(({ ctx }) => listStoredFavicons(ctx.deps.storage)),
  faviconPreview: adminProcedure.input(faviconConfigInput).query(({ input }) => previewFavicon(input)),
  generateFavicon: adminProcedure
    .input(faviconConfigInput)
    .meta({ invalidates: ["page-heads"] })
    .mutation(({ ctx, input }) =>
      generateFavicons({ db: ctx.db, storage: ctx.deps.storage, cacheBus: ctx.deps.services.cacheBus }, ctx.user.id, input),
    ),
  metaTags: adminProcedure.query(({ ctx }) => getMetaTags(ctx.db, ctx.deps.config.publicUrl)),
  metaTagsPreview: adminProcedure
    .input(metaConfigInput)
    .query(({ ctx, input }) => previewMetaTags(ctx.db, ctx.deps.config.publicUrl, input)),
  saveMetaTags: adminProcedure
    .input(metaConfigInput)
    .meta({ invalidates: ["page-heads"] })
    .mutation(({ ctx, input }) =>
      updateMetaTags({ db: ctx.db, cacheBus: ctx.deps.services.cacheBus }, ctx.deps.config.publicUrl, ctx.user.id, input),
    ),
});
