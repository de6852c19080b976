import { ogConfigInput } from "#common/site-assets/og.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import * as og from "./service";

/** Every render costs CPU: counted per admin. */
const renderingProcedure = adminProcedure.use(async ({ ctx, next }) => {
  await ctx.deps.rateLimits.consume("ogRender", ctx.user.id);
  return next();
});

/** The OG Generator tab. Publishing an upload is POST /api/site-assets/update-og (routes.ts), the same service. */
export const siteAssetsOgRouter = router({
  /** The saved design and the site's current og:image. */
  state: adminProcedure.query(({ ctx }) => og.getOgState(ctx.db)),
  /** The live preview's SVG (a mutation: the design is too big for a query string). */
  preview: renderingProcedure
    .input(ogConfigInput)
    .meta({ invalidates: [] })
    .mutation(({ input }) => og.previewOg(input)),
  /** The PNG to download, not published. */
  renderPng: renderingProcedure
    .input(ogConfigInput)
    .meta({ invalidates: [] })
    .mutation(({ input }) => og.renderOgDownload(input)),
  /** "Update Our OG Image": saves the design and makes its PNG the site's og:image. */
  update: renderingProcedure
    .input(ogConfigInput)
    .meta({ invalidates: ["page-heads"] })
    .mutation(({ ctx, input }) =>
      og.publishOgDesign({ db: ctx.db, storage: ctx.deps.storage, cacheBus: ctx.deps.services.cacheBus }, ctx.user.id, input),
    ),
});
