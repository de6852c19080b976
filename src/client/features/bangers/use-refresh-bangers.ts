import { trpc } from "../../lib/trpc";

/** Reloads what a banger change touches: the list with its counts, and the campaign figures. */
export function useRefreshBangers() {
  const utils = trpc.useUtils();
  return () => utils.bangers.invalidate();
}
