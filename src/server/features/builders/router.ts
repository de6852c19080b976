import { builderAdminCreateInput, builderAdminSetStatusInput, builderIdInput } from "#common/builders/admin.ts";
import { builderSubmitInput, builderUpdateInput } from "#common/builders/input.ts";
import { adminProcedure, limited, memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import * as admin from "./admin-service";
import * as builders from "./service";

export const buildersRouter = router({
  /** canEdit depends on who asks: no shared cache may keep this answer. */
  list: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/builders", summary: "The public builders directory" },
      cacheControl: "private, no-cache",
    })
    .query(({ ctx }) => builders.listPublicBuilders(ctx.db, ctx.user)),

  submit: publicProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/builders", summary: "Submit a builder profile (pending until approved)", status: 201 },
    })
    .input(builderSubmitInput)
    .use(limited("builderSubmit"))
    .mutation(({ ctx, input }) =>
      builders.submitBuilder({ db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits }, input, ctx.user),
    ),

  updateMine: memberProcedure
    .meta({
      invalidates: ["builders"],
      rest: { method: "PUT", path: "/api/builders/mine", summary: "Edit the signed-in member's own builder profile" },
    })
    .input(builderUpdateInput)
    .mutation(({ ctx, input }) => builders.updateMyBuilder(ctx.db, ctx.user, input)),

  /** The back office's list and counts. */
  adminList: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/builders/admin", summary: "Every builder with the counts per status" } })
    .query(({ ctx }) => admin.listBuildersForAdmin(ctx.db)),
  /** A move of the status machine (pending -> approved | rejected, approved -> verified). */
  adminSetStatus: adminProcedure
    .meta({
      invalidates: ["builders"],
      rest: { method: "PUT", path: "/api/builders/admin", query: ["id"], summary: "Move a builder (?id=) to another status" },
    })
    .input(builderAdminSetStatusInput)
    .mutation(({ ctx, input }) => admin.changeBuilderStatus(ctx.db, input.id, input.status)),
  adminCreate: adminProcedure
    .meta({
      invalidates: ["builders"],
      rest: { method: "POST", path: "/api/builders/admin", summary: "Add a builder profile in any status", status: 201 },
    })
    .input(builderAdminCreateInput)
    .mutation(({ ctx, input }) => admin.createBuilderAsAdmin(ctx.db, input)),
  /** The admin's delete is on the public path: DELETE /api/builders?id=, admin only. */
  adminDelete: adminProcedure
    .meta({ invalidates: ["builders"], rest: { method: "DELETE", path: "/api/builders", summary: "Delete a builder (?id=)" } })
    .input(builderIdInput)
    .mutation(({ ctx, input }) => admin.deleteBuilder(ctx.db, input.id)),
});
