import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import * as z from "zod/mini";
import { waitlistAdminListInput, type WaitlistAdminListInput } from "#common/waitlist/admin.ts";

export type WaitlistView = WaitlistAdminListInput;

const DEFAULTS: WaitlistView = z.parse(waitlistAdminListInput, {});

/**
 * The table's page, page size, search and sort live in the address (?page=2&q=ada&sort=name&order=asc&status=unconfirmed), so a
 * reload, the back button or a shared link shows the same rows. Parsed with the server's own schema; an address
 * it refuses falls back to the defaults rather than to an error.
 */
export function useWaitlistView(): [WaitlistView, (patch: Partial<WaitlistView>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const view = useMemo(() => {
    const parsed = z.safeParse(waitlistAdminListInput, Object.fromEntries(new URLSearchParams(key)));
    return parsed.success ? parsed.data : DEFAULTS;
  }, [key]);

  const update = useCallback(
    (patch: Partial<WaitlistView>) => {
      const next = { ...view, ...patch };
      const search = new URLSearchParams();
      for (const name of ["q", "page", "pageSize", "sort", "order", "status"] as const) {
        const value = next[name];
        if (value !== null && value !== DEFAULTS[name]) search.set(name, String(value));
      }
      setParams(search, { replace: true });
    },
    [view, setParams],
  );
  return [view, update];
}
