import { builderAdminCreateInput, builderAdminSetStatusInput, builderIdInput } from "../../../common/builders-admin";
import { builderSubmitInput, builderUpdateInput } from "../../../common/builders-input";
import { adminProcedure, memberProcedure, publicProcedure, router } from "../../trpc/init";
import * as admin from "./admin-service";
import * as builders from "./service";

export const buildersRouter = router({
  list: publicProcedure.query(({ ctx }) => builders.listPublicBuilders(ctx.db, ctx.user)),

  /** A join is pending: the directory shows it once the back office approves it. */
  submit: publicProcedure
    .input(builderSubmitInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      return builders.submitBuilder(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits },
        input,
        ctx.user,
        ctx.req.ip,
      );
    }),

  updateMine: memberProcedure
    .input(builderUpdateInput)
    .meta({ invalidates: ["builders"] })
    .mutation(({ ctx, input }) => builders.updateMyBuilder(ctx.db, ctx.user, input)),

  /** The back office's list and counts: GET /api/builders/admin. */
  adminList: adminProcedure.query(({ ctx }) => admin.listBuildersForAdmin(ctx.db)),
  /** PUT /api/builders/admin?id= {status}. */
  adminSetStatus: adminProcedure
    .input(builderAdminSetStatusInput)
    .meta({ invalidates: ["builders"] })
    .mutation(({ ctx, input }) => admin.changeBuilderStatus(ctx.db, input.id, input.status)),
  /** POST /api/builders/admin. */
  adminCreate: adminProcedure
    .input(builderAdminCreateInput)
    .meta({ invalidates: ["builders"] })
    .mutation(({ ctx, input }) => admin.createBuilderAsAdmin(ctx.db, input)),
  /** DELETE /api/builders?id=. */
  adminDelete: adminProcedure
    .input(builderIdInput)
    .meta({ invalidates: ["builders"] })
    .mutation(({ ctx, input }) => admin.deleteBuilder(ctx.db, input.id)),
});
