import { seoChecklistReplaceInput, seoToggleInput } from "#common/seo/seo.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { getSeoChecklist, replaceSeoChecklist, resetSeoChecklist, toggleSeoItem } from "./service";

/** The SEO Setup page's checklist, shared by all admins. */
export const seoRouter = router({
  checklist: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/seo/checklist", summary: "The SEO checklist and who last changed it" } })
    .query(({ ctx }) => getSeoChecklist(ctx.db)),
  toggle: adminProcedure
    .input(seoToggleInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => toggleSeoItem(ctx.db, ctx.user, input)),
  reset: adminProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => resetSeoChecklist(ctx.db, ctx.user)),
  /**
   * For API clients, which save the whole map at once (the page toggles one item): `{ checkedItems: { "1": true } }`
   * replaces the map; false or missing ids are unchecked.
   */
  replace: adminProcedure
    .meta({ rest: { method: "PUT", path: "/api/seo/checklist", summary: "Replace the whole SEO checklist" }, invalidates: [] })
    .input(seoChecklistReplaceInput)
    .mutation(({ ctx, input }) => replaceSeoChecklist(ctx.db, ctx.user, input.checkedItems)),
});
