import type { AdminBuilder, BuilderMoveTarget } from "../../../../common/builders-admin";
import { trpc } from "../../../lib/trpc";
import { toast } from "../../../ui/toast";
import { actionErrorText } from "./builders-admin-errors";
import { moveDoneText, type PendingMove } from "./builder-status";

/** Reloads everything a builder change touches: the admin list, the public directory and the dashboard's figures. */
export function useRefreshBuilders() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.builders.invalidate(), utils.admin.overview.invalidate()]);
}

/**
 * The page's two row actions. `move` reports its outcome in a toast; `remove` rejects on failure so that the
 * confirmation stays open (ConfirmDialog's contract). Both reload the data, failures included: a refused move
 * usually means another admin acted first, and the list should show it.
 */
export function useBuilderActions() {
  const refresh = useRefreshBuilders();
  const setStatus = trpc.builders.adminSetStatus.useMutation();
  const deleteBuilder = trpc.builders.adminDelete.useMutation();

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
