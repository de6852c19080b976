import type { ReactNode } from "react";
import { Bug, ChevronRight } from "lucide-react";
import type { WaitlistAdminList } from "#common/waitlist/admin.ts";
import { formatCount, formatDateTime } from "#client/lib/format.ts";

/**
 * The Debug panel: what the last answer was made of (counts, paging, timing). It shows only figures the
 * table already implies, never a secret, a token or a query text; it opens no access (dev=1 and debug=1 do nothing).
 */
export function WaitlistDebugPanel({ list, allEntries }: { list: WaitlistAdminList | undefined; allEntries: number | undefined }) {
  return (
    <details className="group rounded-panel border border-line bg-surface text-sm shadow-panel">
      <summary className="focus-ring flex cursor-pointer list-none items-center gap-2 rounded-panel px-4 py-3 font-semibold text-ink select-none marker:hidden sm:px-5">
        <ChevronRight aria-hidden="true" className="size-4 text-ink-muted transition-transform group-open:rotate-90" />
        <Bug aria-hidden="true" className="size-4 text-ink-muted" />
        Debug
        {list ? <span className="ml-auto font-normal text-ink-muted tabular-nums">{list.debug.queryMs} ms</span> : null}
      </summary>
      {list ? (
        <dl className="grid grid-cols-1 gap-x-8 gap-y-2 border-t border-line px-4 py-4 sm:grid-cols-2 sm:px-5 lg:grid-cols-3">
          <Item label="Page">
            {formatCount(list.debug.page)} of {formatCount(list.debug.totalPages)}
          </Item>
          <Item label="Page size">{formatCount(list.debug.pageSize)}</Item>
          <Item label="Entries on this page">{formatCount(list.debug.returned)}</Item>
          <Item label="Matching entries">{formatCount(list.total)}</Item>
          <Item label="All entries">{allEntries === undefined ? "…" : formatCount(allEntries)}</Item>
          <Item label="Query time">{list.debug.queryMs} ms (page and count)</Item>
          <Item label="Search">{list.debug.q === null ? <span className="text-ink-subtle">none</span> : <q>{list.debug.q}</q>}</Item>
          <Item label="Sort">
            {list.debug.sort}, {list.debug.order === "asc" ? "ascending" : "descending"}
          </Item>
          <Item label="Generated">
            <time dateTime={list.generated}>{formatDateTime(list.generated)}</time>
          </Item>
        </dl>
      ) : (
        <p className="border-t border-line px-4 py-4 text-ink-muted sm:px-5">No answer from the server yet.</p>
      )}
    </details>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 sm:justify-start">
      <dt className="shrink-0 text-ink-muted">{label}</dt>
      <dd className="min-w-0 truncate font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}
