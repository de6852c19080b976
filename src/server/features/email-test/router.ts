import { adminProcedure, router } from "../../trpc/init";
import { emailAnalytics, emailTestStatus } from "./service";

/** The email test page's reads, admin only (sending is POST /api/email/send, whose keys travel as headers). */
export const emailTestRouter = router({
  /** The site's own provider and the first 8 characters of its key. */
  status: adminProcedure.query(({ ctx }) => emailTestStatus(ctx.deps.config, ctx.deps.mailDriver)),
  /** Mail figures per provider and day over the last 30 days, from the mail table. */
  analytics: adminProcedure.query(({ ctx }) => emailAnalytics(ctx.db)),
});
