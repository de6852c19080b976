import { adminProcedure, router } from "#server/trpc/init.ts";
import { getSystemStatus } from "./service";

export const systemRouter = router({
  status: adminProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/admin/status",
        summary: "Each dependency (database, mail, storage, geo data) probed, as the back office banner shows it",
      },
    })
    .query(({ ctx }) => getSystemStatus(ctx.deps)),
});
