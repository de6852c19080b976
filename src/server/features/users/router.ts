import { userDisableInput, userResetSecondFactorInput, userSetRoleInput, usersListInput } from "#common/account/input.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { listUsers, resetUserSecondFactor, setUserDisabled, setUserRole } from "./service";

/** The users admin (/admin/users): admins list and disable accounts; owners change roles and reset second factors. */
export const usersRouter = router({
  list: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/users", summary: "One page of the accounts (?search=&page=&pageSize=)" } })
    .input(usersListInput)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  setRole: adminProcedure
    .meta({ invalidates: [] })
    .input(userSetRoleInput)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, ctx.user, input)),

  disable: adminProcedure
    .meta({ invalidates: [] })
    .input(userDisableInput)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.db, ctx.user, input)),

  resetSecondFactor: adminProcedure
    .meta({ invalidates: [] })
    .input(userResetSecondFactorInput)
    .mutation(({ ctx, input }) => resetUserSecondFactor(ctx.db, ctx.user, input)),
});
