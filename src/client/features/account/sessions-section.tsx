import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Laptop, LogOut, Smartphone, Tablet } from "lucide-react";
import type { AccountSession } from "#common/account/account.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { countText, formatRelativeTime } from "#client/lib/format.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { LocalDateTime } from "#client/ui/local-date-time.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";
import { AccountSection } from "./account-section";

const TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };

const iconOf = (device: string) => (/phone$/.test(device) ? Smartphone : /tablet$/.test(device) ? Tablet : Laptop);

/** Where the account is signed in: each session with its device, browser, place and last activity; end one or all others. */
export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const endOne = useMutation(trpc.account.endSession.mutationOptions());
  const endOthers = useMutation(trpc.account.endOtherSessions.mutationOptions());
  const reload = () => queryClient.invalidateQueries(trpc.account.sessions.pathFilter());

  const end = async (session: AccountSession) => {
    try {
      await endOne.mutateAsync({ id: session.id });
      toast({ variant: "success", title: "Session ended", description: `${session.browser} on ${session.device} is signed out.` });
    } catch (error) {
      toast({ variant: "error", title: "Could not end the session", description: errorMessage(error, TEXTS) });
    }
    await reload();
  };

  const endAllOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast({ variant: "success", title: `${countText(ended, "other session")} ended` });
    } catch (error) {
      toast({ variant: "error", title: "Could not end the other sessions", description: errorMessage(error, TEXTS) });
      throw error;
    } finally {
      await reload();
    }
  };

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <AccountSection
      id="sessions"
      title="Sessions"
      description="Where your account is signed in. End any session you do not recognise, then change your password."
    >
      {sessions.isError ? (
        <LoadFailedAlert title="Your sessions could not be loaded" onRetry={() => void sessions.refetch()} retrying={sessions.isFetching}>
          {errorMessage(sessions.error, TEXTS)}
        </LoadFailedAlert>
      ) : !sessions.data ? (
        <div className="flex justify-center p-6 text-ink-muted">
          <Spinner label="Loading your sessions" />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-line rounded-control border border-line" aria-label="Sessions">
            {sessions.data.map((session) => {
              const Icon = iconOf(session.device);
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                  data-session={session.current ? "current" : "other"}
                >
                  <Icon aria-hidden="true" className="size-6 shrink-0 text-ink-muted max-sm:hidden" />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                      {session.browser} on {session.device}
                      {session.current ? <Badge variant="brand">This device</Badge> : null}
                    </p>
                    <p className="flex items-center gap-1.5 text-sm text-ink-muted">
                      <Globe aria-hidden="true" className="size-3.5 shrink-0" />
                      {session.place ?? "Unknown place"}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {session.current ? "Active now" : <>Last seen {formatRelativeTime(session.lastSeenAt)}</>} · signed in{" "}
                      <LocalDateTime iso={session.createdAt} />
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-center"
                      aria-label={`End the session of ${session.browser} on ${session.device}`}
                      loading={endOne.isPending && endOne.variables.id === session.id}
                      onClick={() => void end(session)}
                    >
                      <LogOut aria-hidden="true" />
                      End session
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others > 0 ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="self-start">
                  <LogOut aria-hidden="true" />
                  Sign out all other sessions
                </Button>
              }
              title="Sign out all other sessions?"
              description={`${countText(others, "other session")} will be signed out at once. This device stays signed in.`}
              confirmLabel="Sign out others"
              destructive
              onConfirm={endAllOthers}
            />
          ) : (
            <p className="text-sm text-ink-muted">This is the only device signed in to your account.</p>
          )}
        </div>
      )}
    </AccountSection>
  );
}
