import { bangerCreateInput, bangerIdInput, bangerListInput, bangerSetStatusInput, bangerUpdateInput } from "#common/bangers/input.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import * as bangers from "./service";

/** Content bangers, admin only: the REST paths' twins plus editing, the status moves and a banger's campaign figures. */
export const bangersRouter = router({
  /** ?type=&status= filters; `?action=list` is an alternate form of the same list. */
  list: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/content/bangers", summary: "The content bangers, filtered by type and status" } })
    .input(bangerListInput)
    .query(({ ctx, input }) => bangers.listBangers(ctx.db, input)),
  create: adminProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/content/bangers", summary: "Add a content banger", status: 201 } })
    .input(bangerCreateInput)
    .mutation(({ ctx, input }) => bangers.createBanger(ctx.db, input)),
  update: adminProcedure
    .input(bangerUpdateInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.updateBanger(ctx.db, input)),
  setStatus: adminProcedure
    .input(bangerSetStatusInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.setBangerStatus(ctx.db, input)),
  delete: adminProcedure
    .meta({ invalidates: [], rest: { method: "DELETE", path: "/api/content/bangers", summary: "Delete a content banger (?id=)" } })
    .input(bangerIdInput)
    .mutation(({ ctx, input }) => bangers.deleteBanger(ctx.db, input.id)),
  /** The tagged link and, once posted, visitors and waitlist joins through it. */
  campaign: adminProcedure
    .input(bangerIdInput)
    .query(({ ctx, input }) => bangers.bangerCampaign(ctx.db, input.id, ctx.deps.config.publicUrl)),
});
