import { adminProcedure, router } from "../../trpc/init";
import { getAdminOverview } from "./service";

/** The back office dashboard's figures. The status banner uses system.status. */
export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => getAdminOverview(ctx.db)),
});
