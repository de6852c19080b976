import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";

/** Reloads what a banger change touches: the list with its counts, and the campaign figures. */
export function useRefreshBangers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.bangers.pathFilter());
}
