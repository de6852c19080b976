import { builderSubmitInput, builderUpdateInput } from "../../../common/builders-input";
import { memberProcedure, publicProcedure, router } from "../../trpc/init";
import * as builders from "./service";

export const buildersRouter = router({
  list: publicProcedure.query(({ ctx }) => builders.listPublicBuilders(ctx.db, ctx.user?.email ?? null)),

  submit: publicProcedure.input(builderSubmitInput).mutation(async ({ ctx, input }) => {
    await ctx.deps.rateLimits.consume("builderSubmit", ctx.req.ip);
    return builders.submitBuilder(ctx.db, input, ctx.user?.email ?? null);
  }),

  updateMine: memberProcedure
    .input(builderUpdateInput)
    .mutation(({ ctx, input }) => builders.updateMyBuilder(ctx.db, ctx.user.email, input)),
});
