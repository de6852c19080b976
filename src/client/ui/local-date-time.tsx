import { useSyncExternalStore } from "react";
import { formatDateTime, formatUtcDateTime } from "#client/lib/format.ts";

const subscribeToNothing = () => () => {};

/**
 * A date and time in the reader's language and time zone. The server knows neither: a server-rendered page shows
 * it in UTC, and hydration keeps that (React renders with the server's snapshot), then shows the local time.
 */
export function LocalDateTime({ iso, className }: { iso: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return (
    <time dateTime={iso} className={className}>
      {inBrowser ? formatDateTime(iso) : formatUtcDateTime(iso)}
    </time>
  );
}
