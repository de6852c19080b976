import { adminProcedure, router } from "#server/trpc/init.ts";
import { getAdminOverview } from "./service";

/** The back office dashboard's figures. The status banner uses system.status. */
export const adminRouter = router({
  // Nine counts at once, each from its own feature.
  overview: adminProcedure.meta({ heavyRead: true }).query(({ ctx }) => getAdminOverview(ctx.db)),
});
