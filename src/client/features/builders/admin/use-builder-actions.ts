import type { AdminBuilder, BuilderMoveTarget } from "#common/builders/admin.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { toast } from "#client/ui/toast.tsx";
import { actionErrorText } from "./builders-admin-errors";
import { moveDoneText, type PendingMove } from "./builder-status";

/** Reloads everything a builder change touches: the admin list, the public directory and the dashboard's figures. */
export function useRefreshBuilders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.builders.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.overview.pathFilter()),
    ]);
}

/**
 * The page's two row actions. `move` reports its outcome in a toast; `remove` rejects on failure so that the
 * confirmation stays open (ConfirmDialog's contract). Both reload the data, failures included: a refused move
 * usually means another admin acted first, and the list should show it.
 */
export function useBuilderActions() {
  const trpc = useTRPC();
  const refresh = useRefreshBuilders();
  const setStatus = useMutation(trpc.builders.adminSetStatus.mutationOptions());
  const deleteBuilder = useMutation(trpc.builders.adminDelete.mutationOptions());

  const move = async (builder: AdminBuilder, status: BuilderMoveTarget) => {
    try {
      await setStatus.mutateAsync({ id: builder.id, status });
      toast({ variant: "success", title: moveDoneText(builder, status) });
    } catch (error) {
      toast({ variant: "error", title: "Could not change the status", description: actionErrorText("Error updating status", error) });
    } finally {
      await refresh();
    }
  };

  const remove = async (builder: AdminBuilder) => {
    try {
      await deleteBuilder.mutateAsync({ id: builder.id });
    } catch (error) {
      toast({ variant: "error", title: "Could not delete the builder", description: actionErrorText("Error deleting builder", error) });
      void refresh();
      throw error;
    }
    toast({ variant: "success", title: `${builder.name} deleted` });
    await refresh();
  };

  const pendingMove: PendingMove = setStatus.isPending && setStatus.variables ? setStatus.variables : null;
  return { move, remove, pendingMove };
}
