import { adminProcedure, router } from "../../trpc/init";
import { getSystemStatus } from "./service";

export const systemRouter = router({
  status: adminProcedure.query(({ ctx }) => getSystemStatus(ctx.deps)),
});
