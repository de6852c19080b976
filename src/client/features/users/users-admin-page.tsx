import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, KeyRound, Search, UserRoundX, UserRoundCheck } from "lucide-react";
import { USERS_PAGE_SIZE, type AdminUserRow } from "#common/account/account.ts";
import { ROLES, type Role } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { countText, formatCount, formatRelativeTime } from "#client/lib/format.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { SearchBox } from "#client/ui/search-box.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";

const TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };
const ROLE_LABEL: Record<Role, string> = { member: "Member", admin: "Admin", owner: "Owner" };
/** One grid for the header and every row, so the columns line up whatever a row's buttons are. */
const COLUMNS = "md:grid-cols-[minmax(0,2fr)_9rem_8rem_minmax(0,1fr)_14rem]";

/**
 * /admin/users: every account, searchable, with its role, status and last sign-in. Owners change roles; admins
 * disable members (owners anyone but themselves), which signs them out everywhere at once. The second-factor column
 * says what guards each sign-in; owners reset it for someone who lost their authenticator.
 */
export function UsersAdminPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user: me, refresh } = useAuth();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const list = useQuery(
    trpc.users.list.queryOptions({ search: search || undefined, page, pageSize: USERS_PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const setRole = useMutation(trpc.users.setRole.mutationOptions());
  const disable = useMutation(trpc.users.disable.mutationOptions());
  const resetSecondFactor = useMutation(trpc.users.resetSecondFactor.mutationOptions());
  const [toDisable, setToDisable] = useState<AdminUserRow | null>(null);
  const [toReset, setToReset] = useState<AdminUserRow | null>(null);
  const reload = () => queryClient.invalidateQueries(trpc.users.list.pathFilter());

  const changeRole = async (user: AdminUserRow, role: Role) => {
    try {
      await setRole.mutateAsync({ id: user.id, role });
      toast({ variant: "success", title: "Role changed", description: `${user.email} is now ${ROLE_LABEL[role].toLowerCase()}.` });
      // An owner who gave up the role sees the page as an admin from now on.
      if (user.id === me?.id) await refresh();
    } catch (error) {
      toast({ variant: "error", title: "Could not change the role", description: errorMessage(error, TEXTS) });
    }
    await reload();
  };

  const setDisabled = async (user: AdminUserRow, disabled: boolean) => {
    try {
      const { endedSessions } = await disable.mutateAsync({ id: user.id, disabled });
      toast({
        variant: "success",
        title: disabled ? "Account disabled" : "Account enabled",
        description: disabled
          ? `${user.email} was signed out of ${countText(endedSessions, "session")}.`
          : `${user.email} can sign in again.`,
      });
    } catch (error) {
      toast({ variant: "error", title: "Could not change the account", description: errorMessage(error, TEXTS) });
      throw error;
    } finally {
      await reload();
    }
  };

  const reset = async (user: AdminUserRow) => {
    try {
      await resetSecondFactor.mutateAsync({ id: user.id });
      toast({ variant: "success", title: "Second factor reset", description: `${user.email} signs in with the password alone now.` });
    } catch (error) {
      toast({ variant: "error", title: "Could not reset the second factor", description: errorMessage(error, TEXTS) });
      throw error;
    } finally {
      await reload();
    }
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isOwner = me?.role === "owner";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold tracking-tight text-ink">
          Accounts
          {data ? <span className="ml-2 text-base font-normal text-ink-muted tabular-nums">{formatCount(data.total)}</span> : null}
        </h2>
        <SearchBox
          value={search}
          maxLength={254}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </div>

      {list.isError ? (
        <LoadFailedAlert title="The accounts could not be loaded" onRetry={() => void list.refetch()} retrying={list.isFetching}>
          {errorMessage(list.error, TEXTS)}
        </LoadFailedAlert>
      ) : !data ? (
        <div className="flex justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
          <Spinner label="Loading the accounts" />
        </div>
      ) : data.users.length === 0 ? (
        <EmptyState title="No account matches" description="Try another name or email." icon={Search} />
      ) : (
        <div className={`rounded-panel border border-line bg-surface ${list.isPlaceholderData ? "opacity-60" : ""}`}>
          <div
            aria-hidden="true"
            className={`hidden gap-3 border-b border-line px-4 py-2 text-xs font-semibold tracking-wide text-ink-muted uppercase md:grid ${COLUMNS}`}
          >
            <span>Account</span>
            <span>Role</span>
            <span>Second factor</span>
            <span>Last sign-in</span>
            <span />
          </div>
          <ul aria-label="Accounts" className="flex flex-col divide-y divide-line">
            {data.users.map((user) => (
              <li key={user.id} className={`grid gap-3 p-4 md:items-center ${COLUMNS}`} data-user={user.email}>
                <div className="flex min-w-0 flex-col">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    <span className="truncate">{user.name}</span>
                    {user.id === me?.id ? <Badge>You</Badge> : null}
                    {user.disabled ? <Badge variant="danger">Disabled</Badge> : null}
                  </p>
                  <p className="truncate text-sm text-ink-muted">
                    {user.email}
                    {user.emailVerified ? null : " · not confirmed"}
                  </p>
                </div>
                <RoleCell user={user} editable={isOwner} onChange={(role) => void changeRole(user, role)} />
                <p className="text-sm text-ink-muted">
                  <span className="md:hidden">Second factor: </span>
                  {secondFactorText(user)}
                </p>
                <p className="text-sm text-ink-muted">
                  <span className="md:hidden">Last sign-in </span>
                  {user.lastSignInAt ? formatRelativeTime(user.lastSignInAt) : "never"}
                </p>
                <div className="flex flex-wrap gap-2 md:justify-self-end">
                  {isOwner && hasSecondFactor(user) ? (
                    <Button variant="outline" size="sm" onClick={() => setToReset(user)}>
                      <KeyRound aria-hidden="true" />
                      Reset 2FA
                    </Button>
                  ) : null}
                  {user.id === me?.id || (user.role !== "member" && !isOwner) ? null : user.disabled ? (
                    <Button variant="outline" size="sm" onClick={() => void setDisabled(user, false).catch(() => undefined)}>
                      <UserRoundCheck aria-hidden="true" />
                      Enable
                    </Button>
                  ) : (
                    <Button variant="outline" size="sm" className="text-red-700" onClick={() => setToDisable(user)}>
                      <UserRoundX aria-hidden="true" />
                      Disable
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {data && pages > 1 ? (
        <nav aria-label="Account pages" className="flex items-center justify-end gap-2 text-sm text-ink-muted">
          <span className="tabular-nums">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <ConfirmDialog
        open={toDisable !== null}
        onOpenChange={(open) => {
          if (!open) setToDisable(null);
        }}
        destructive
        title={toDisable ? `Disable ${toDisable.email}?` : "Disable this account?"}
        description="Every session of the account ends at once, and it cannot sign in until it is enabled again. Nothing it owns is deleted."
        confirmLabel="Disable account"
        onConfirm={() => (toDisable ? setDisabled(toDisable, true) : undefined)}
      />

      <ConfirmDialog
        open={toReset !== null}
        onOpenChange={(open) => {
          if (!open) setToReset(null);
        }}
        destructive
        title={toReset ? `Reset the second factor of ${toReset.email}?` : "Reset this second factor?"}
        description="Their two-factor codes, recovery codes and passkeys are removed: the password alone signs them in until they set up a new one. Sessions already signed in stay."
        confirmLabel="Reset second factor"
        onConfirm={() => (toReset ? reset(toReset) : undefined)}
      />
    </div>
  );
}

/** The role, as a choice for owners and as a badge for everyone else. */
function RoleCell({ user, editable, onChange }: { user: AdminUserRow; editable: boolean; onChange: (role: Role) => void }) {
  if (!editable) return <Badge className="self-start md:self-center">{ROLE_LABEL[user.role]}</Badge>;
  return (
    <Select value={user.role} onValueChange={(value) => onChange(value as Role)}>
      <SelectTrigger aria-label={`Role of ${user.email}`} className="h-9 w-40 md:w-36">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABEL[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const hasSecondFactor = (user: AdminUserRow) => user.twoFactorCodes || user.passkeys > 0;

/** "Codes", "2 passkeys", "Codes, 1 passkey" or "Off". */
function secondFactorText(user: AdminUserRow): string {
  const parts = [user.twoFactorCodes ? "Codes" : null, user.passkeys > 0 ? countText(user.passkeys, "passkey") : null];
  return parts.filter(Boolean).join(", ") || "Off";
}
