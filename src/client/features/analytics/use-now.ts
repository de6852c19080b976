import { useEffect, useState } from "react";

/** The current time, re-read every `everyMs`: for "5 minutes ago" texts that must not go stale. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
