import { imageTestCompleteInput } from "#common/image-test/image-test.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { completeImageTest, getImageTestProgress, resetImageTests } from "./service";

/** The image test page's progress, kept per admin. */
export const imageTestRouter = router({
  get: adminProcedure.query(({ ctx }) => getImageTestProgress(ctx.db, ctx.user.id)),
  complete: adminProcedure
    .input(imageTestCompleteInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => completeImageTest(ctx.db, ctx.user.id, input)),
  reset: adminProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => resetImageTests(ctx.db, ctx.user.id)),
});
