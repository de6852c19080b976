import { builderAdminCreateInput, builderAdminSetStatusInput, builderIdInput } from "../../../common/builders-admin";
import { builderSubmitInput, builderUpdateInput } from "../../../common/builders-input";
import { adminProcedure, memberProcedure, publicProcedure, router } from "../../trpc/init";
import * as admin from "./admin-service";
import * as builders from "./service";

export const buildersRouter = router({
  list: publicProcedure.query(({ ctx }) => builders.listPublicBuilders(ctx.db, ctx.user)),

  submit: publicProcedure.input(builderSubmitInput).mutation(async ({ ctx, input }) => {
    return builders.submitBuilder(
      { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits },
      input,
      ctx.user,
      ctx.req.ip,
    );
  }),

  updateMine: memberProcedure.input(builderUpdateInput).mutation(({ ctx, input }) => builders.updateMyBuilder(ctx.db, ctx.user, input)),

  /** The back office's list and counts: GET /api/builders/admin. */
  adminList: adminProcedure.query(({ ctx }) => admin.listBuildersForAdmin(ctx.db)),
  /** PUT /api/builders/admin?id= {status}. */
  adminSetStatus: adminProcedure
    .input(builderAdminSetStatusInput)
    .mutation(({ ctx, input }) => admin.changeBuilderStatus(ctx.db, input.id, input.status)),
  /** POST /api/builders/admin. */
  adminCreate: adminProcedure.input(builderAdminCreateInput).mutation(({ ctx, input }) => admin.createBuilderAsAdmin(ctx.db, input)),
  /** DELETE /api/builders?id=. */
  adminDelete: adminProcedure.input(builderIdInput).mutation(({ ctx, input }) => admin.deleteBuilder(ctx.db, input.id)),
});
