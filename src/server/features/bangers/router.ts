import { bangerCreateInput, bangerIdInput, bangerListInput, bangerSetStatusInput, bangerUpdateInput } from "../../../common/bangers-input";
import { adminProcedure, router } from "../../trpc/init";
import * as bangers from "./service";

/** Content bangers, admin only: the REST paths' twins plus editing, the status moves and a banger's campaign figures. */
export const bangersRouter = router({
  /** GET /api/content/bangers?type=&status=. */
  list: adminProcedure.input(bangerListInput).query(({ ctx, input }) => bangers.listBangers(ctx.db, input)),
  /** POST /api/content/bangers. */
  create: adminProcedure
    .input(bangerCreateInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.createBanger(ctx.db, input)),
  update: adminProcedure
    .input(bangerUpdateInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.updateBanger(ctx.db, input)),
  setStatus: adminProcedure
    .input(bangerSetStatusInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.setBangerStatus(ctx.db, input)),
  /** DELETE /api/content/bangers?id=. */
  delete: adminProcedure
    .input(bangerIdInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => bangers.deleteBanger(ctx.db, input.id)),
  /** The tagged link and, once posted, visitors and waitlist joins through it. */
  campaign: adminProcedure
    .input(bangerIdInput)
    .query(({ ctx, input }) => bangers.bangerCampaign(ctx.db, input.id, ctx.deps.config.publicUrl)),
});
