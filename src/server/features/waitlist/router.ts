import type { Config } from "#server/config.ts";
import {
  waitlistConfirmInput,
  waitlistJoinInput,
  waitlistManageInput,
  waitlistResendInput,
  waitlistUnsubscribeInput,
} from "#common/waitlist/input.ts";
import { waitlistAdminDeleteInput, waitlistAdminListInput } from "#common/waitlist/admin.ts";
import { adminProcedure, limited, publicProcedure, router } from "#server/trpc/init.ts";
import { deleteWaitlistEntry, getWaitlistStats, listWaitlistEntries } from "./admin-service";
import { confirmByToken, resendConfirmation } from "./confirm";
import { deleteMyWaitlistEntry, myWaitlistData } from "./manage";
import type { WaitlistJoins } from "./join-batches";
import { joinWaitlist, type WaitlistDeps } from "./service";
import { unsubscribeByLink } from "./unsubscribe";

type Context = {
  db: WaitlistDeps["db"];
  deps: { geo: WaitlistDeps["geo"]; logger: WaitlistDeps["logger"]; config: Config; services: { waitlistJoins: WaitlistJoins } };
};
const waitlistDeps = ({ db, deps }: Context): WaitlistDeps => ({
  db,
  geo: deps.geo,
  logger: deps.logger,
  publicUrl: deps.config.publicUrl,
  configuredSecret: deps.config.unsubscribeSecret,
  settings: deps.config.waitlist,
});

export const waitlistRouter = router({
  join: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/waitlist/join",
        summary: "Join the waitlist (201 for a new entry, 200 with a welcome back when the email is already on it)",
        status: (result: { alreadyJoined: boolean }) => (result.alreadyJoined ? 200 : 201),
        answers: { 201: "Joined: a new entry", 200: "Welcome back: the email was already on the list" },
      },
      invalidates: [],
    })
    .input(waitlistJoinInput)
    .use(limited("waitlistJoin"))
    .mutation(({ ctx, input }) =>
      joinWaitlist({ ...waitlistDeps(ctx), joins: ctx.deps.services.waitlistJoins }, input, { ip: ctx.req.ip, headers: ctx.req.headers }),
    ),

  /** The confirmation link's page (and its scriptless form post): 400 for a bad, used or expired token. */
  confirm: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/waitlist/confirm", summary: "Confirm a waitlist address with the mailed link's token" },
      invalidates: [],
    })
    .input(waitlistConfirmInput)
    .use(limited("waitlistConfirm"))
    .mutation(({ ctx, input }) => confirmByToken(waitlistDeps(ctx), input.token)),

  /** The success card's "Resend the link": the same answer whether or not the address was waiting. */
  resendConfirmation: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/waitlist/resend", summary: "Send the confirmation link again to an unconfirmed address" },
      invalidates: [],
    })
    .input(waitlistResendInput)
    .use(limited("waitlistResend"))
    .mutation(({ ctx, input }) => resendConfirmation(waitlistDeps(ctx), input.email)),

  /** The /unsubscribe page's button (REST: routes.ts, which also takes a mail client's one-click form post). */
  unsubscribe: publicProcedure
    .input(waitlistUnsubscribeInput)
    .meta({ invalidates: [] })
    .use(limited("waitlistUnsubscribe"))
    .mutation(async ({ ctx, input }) => {
      return unsubscribeByLink({ db: ctx.db, configuredSecret: ctx.deps.config.unsubscribeSecret }, input.token);
    }),

  /** "Manage your data" (`/waitlist/me?token=`): everything stored about the link's person; also its JSON download. */
  myData: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/waitlist/me", summary: "Everything stored about a waitlist entry (?token= of its mailed link)" },
    })
    .input(waitlistManageInput)
    .use(limited("waitlistManage"))
    .query(({ ctx, input }) => myWaitlistData(waitlistDeps(ctx), input.token)),

  /** "Delete me": erases the link's waitlist entry. */
  deleteMe: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/waitlist/me/delete", summary: "Erase a waitlist entry with its mailed link's token" },
      invalidates: [],
    })
    .input(waitlistManageInput)
    .use(limited("waitlistManage"))
    .mutation(({ ctx, input }) => deleteMyWaitlistEntry(waitlistDeps(ctx), input.token)),

  /** ?page=&pageSize=&q=&sort=&order=; the Debug figures are always there (dev=1 and debug=1 change nothing). */
  adminList: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/waitlist/admin", summary: "One page of the waitlist, searched and sorted" } })
    .input(waitlistAdminListInput)
    .query(({ ctx, input }) => listWaitlistEntries(ctx.db, input)),
  adminStats: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/waitlist/stats", summary: "The waitlist's counts" } })
    .query(({ ctx }) => getWaitlistStats(ctx.db)),
  adminDelete: adminProcedure
    .meta({ rest: { method: "DELETE", path: "/api/waitlist/admin", summary: "Delete one waitlist entry (?id=)" }, invalidates: [] })
    .input(waitlistAdminDeleteInput)
    .mutation(({ ctx, input }) => deleteWaitlistEntry(ctx.db, input.id)),
});
