import { imageAnnotateInput, imageIdInput, imageListInput, imageShareInput, sharedImageInput } from "#common/images/images.ts";
import { memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import * as images from "./service";

export const imagesRouter = router({
  /** The caller's own images of one experiment, newest first. */
  list: memberProcedure.input(imageListInput).query(({ ctx, input }) => images.listImages(ctx.db, ctx.user, input.experimentId)),
  annotate: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/images/annotate", summary: "Set an image's caption, tags or experiment" },
      invalidates: ["images", "lab"],
    })
    .input(imageAnnotateInput)
    .mutation(({ ctx, input }) => images.annotateImage(ctx.db, ctx.user, input)),
  delete: memberProcedure
    .input(imageIdInput)
    .meta({ invalidates: ["images", "lab"] })
    .mutation(({ ctx, input }) => images.deleteImage({ db: ctx.db, storage: ctx.deps.storage }, ctx.user, input.imageId)),
  share: memberProcedure
    .input(imageShareInput)
    .meta({ invalidates: ["images", "lab"] })
    .mutation(({ ctx, input }) => images.shareImage(ctx.db, ctx.user, input)),
  /** The public page /lab/image/{id}. */
  getShared: publicProcedure.input(sharedImageInput).query(({ ctx, input }) => images.getSharedImage(ctx.db, input.id)),
});
