import { waitlistJoinInput, waitlistUnsubscribeInput } from "../../../common/waitlist-input";
import { waitlistAdminDeleteInput, waitlistAdminListInput } from "../../../common/waitlist-admin";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { deleteWaitlistEntry, getWaitlistStats, listWaitlistEntries } from "./admin-service";
import { joinWaitlist } from "./service";
import { unsubscribeByLink } from "./unsubscribe";

export const waitlistRouter = router({
  /** The landing page's form. Same service, same budget, same answer as POST /api/waitlist/join. */
  join: publicProcedure
    .input(waitlistJoinInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      const deps = { db: ctx.db, geo: ctx.deps.geo, logger: ctx.deps.logger, rateLimits: ctx.deps.rateLimits };
      return joinWaitlist(deps, input, { ip: ctx.req.ip, headers: ctx.req.headers });
    }),

  /** The /unsubscribe page's button: POST /api/waitlist/unsubscribe. */
  unsubscribe: publicProcedure
    .input(waitlistUnsubscribeInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      const deps = { db: ctx.db, rateLimits: ctx.deps.rateLimits, configuredSecret: ctx.deps.config.unsubscribeSecret };
      return unsubscribeByLink(deps, input.token, ctx.req.ip);
    }),

  /** The back office's table: GET /api/waitlist/admin. */
  adminList: adminProcedure.input(waitlistAdminListInput).query(({ ctx, input }) => listWaitlistEntries(ctx.db, input)),
  /** The back office's cards: GET /api/waitlist/stats. */
  adminStats: adminProcedure.query(({ ctx }) => getWaitlistStats(ctx.db)),
  /** DELETE /api/waitlist/admin?id=. */
  adminDelete: adminProcedure
    .input(waitlistAdminDeleteInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => deleteWaitlistEntry(ctx.db, input.id)),
});
