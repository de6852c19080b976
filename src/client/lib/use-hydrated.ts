import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the page is the server's HTML (on the server, and while the browser hydrates it), true once
 * React runs it: what only scripts can do (a toggle, a disabled-until-filled button) appears then, and the
 * server's HTML stays usable without them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
