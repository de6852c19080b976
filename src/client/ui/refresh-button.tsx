import { RefreshCw } from "lucide-react";
import { Button } from "./button";

/** Reloads a list; spins while it does. On phones only the icon shows (the label stays for screen readers). */
export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <Button variant="outline" onClick={onRefresh} loading={refreshing} aria-label="Refresh" title="Refresh">
      {refreshing ? null : <RefreshCw aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">Refresh</span>
    </Button>
  );
}
