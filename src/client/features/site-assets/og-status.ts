import { useCallback, useEffect, useState } from "react";

/** Status messages clear after 10 seconds. */
export const OG_STATUS_CLEAR_MS = 10_000;

export type OgStatus = { kind: "success" | "error"; text: string };

/** The last action's message, gone 10 s after it was shown (a newer one restarts the clock). */
export function useOgStatus() {
  const [status, setStatus] = useState<OgStatus | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), OG_STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const succeed = useCallback((text: string) => setStatus({ kind: "success", text }), []);
  const fail = useCallback((text: string) => setStatus({ kind: "error", text }), []);
  return { status, succeed, fail };
}
