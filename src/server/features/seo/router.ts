import { seoToggleInput } from "../../../common/seo";
import { adminProcedure, router } from "../../trpc/init";
import { getSeoChecklist, resetSeoChecklist, toggleSeoItem } from "./service";

/** The SEO Setup page's checklist, shared by all admins. Same service as /api/seo/checklist. */
export const seoRouter = router({
  checklist: adminProcedure.query(({ ctx }) => getSeoChecklist(ctx.db)),
  toggle: adminProcedure
    .input(seoToggleInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => toggleSeoItem(ctx.db, ctx.user, input)),
  reset: adminProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => resetSeoChecklist(ctx.db, ctx.user)),
});
