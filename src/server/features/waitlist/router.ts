import { waitlistJoinInput, waitlistUnsubscribeInput } from "../../../common/waitlist-input";
import { waitlistAdminDeleteInput, waitlistAdminListInput } from "../../../common/waitlist-admin";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { deleteWaitlistEntry, getWaitlistStats, listWaitlistEntries } from "./admin-service";
import { joinWaitlist } from "./service";
import { unsubscribe, unsubscribeSecret } from "./unsubscribe";

export const waitlistRouter = router({
  /** The landing page's form. Same service, same budget, same answer as POST /api/waitlist/join. */
  join: publicProcedure.input(waitlistJoinInput).mutation(async ({ ctx, input }) => {
    await ctx.deps.rateLimits.consume("waitlistJoin", ctx.req.ip);
    return joinWaitlist({ db: ctx.db, geo: ctx.deps.geo, logger: ctx.deps.logger }, input, { ip: ctx.req.ip, headers: ctx.req.headers });
  }),

  /** The /unsubscribe page's button: POST /api/waitlist/unsubscribe. */
  unsubscribe: publicProcedure.input(waitlistUnsubscribeInput).mutation(async ({ ctx, input }) => {
    await ctx.deps.rateLimits.consume("waitlistUnsubscribe", ctx.req.ip);
    return unsubscribe(ctx.db, await unsubscribeSecret(ctx.db, ctx.deps.config.unsubscribeSecret), input.token);
  }),

  /** The back office's table: GET /api/waitlist/admin. */
  adminList: adminProcedure.input(waitlistAdminListInput).query(({ ctx, input }) => listWaitlistEntries(ctx.db, input)),
  /** The back office's cards: GET /api/waitlist/stats. */
  adminStats: adminProcedure.query(({ ctx }) => getWaitlistStats(ctx.db)),
  /** DELETE /api/waitlist/admin?id=. */
  adminDelete: adminProcedure.input(waitlistAdminDeleteInput).mutation(({ ctx, input }) => deleteWaitlistEntry(ctx.db, input.id)),
});
