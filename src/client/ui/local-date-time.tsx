import { useSyncExternalStore } from "react";
import { formatDateTime, formatUtcDateTime } from "../lib/format";

const subscribeToNothing = () => () => {};

/**
 * A date and time in the reader's language and time zone. The server knows neither: a server-rendered page shows
 * it in UTC, and hydration keeps that (React renders with the server's snapshot), then shows the local time.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return <time dateTime={iso}>{inBrowser ? formatDateTime(iso) : formatUtcDateTime(iso)}</time>;
}
