import { ArrowDown, ArrowUp, ArrowUpDown, MapPin, Trash2 } from "lucide-react";
import { SIGNUP_FALLBACKS } from "#common/admin/overview.ts";
import type { SortOrder, WaitlistAdminEntry, WaitlistAdminSort } from "#common/waitlist/admin.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";
import { formatDateTime, formatRelativeTime, placeText } from "#client/lib/format.ts";

export type SortState = { sort: WaitlistAdminSort; order: SortOrder };

type TableProps = {
  entries: WaitlistAdminEntry[];
  sort: SortState;
  onSort: (next: SortState) => void;
  onDelete: (entry: WaitlistAdminEntry) => void;
  /** True while a new page is on its way: the rows stay, dimmed. */
  stale: boolean;
};

/**
 * The first click on a column: names and emails A to Z, ranks and join numbers from #1, join and confirmation
 * times newest first, most referrals first.
 */
const FIRST_ORDER: Record<WaitlistAdminSort, SortOrder> = {
  rank: "asc",
  position: "asc",
  name: "asc",
  email: "asc",
  joined: "desc",
  confirmed: "desc",
  referrals: "desc",
};

/**
 * Wide screens: Rank, Joined # (the join number), Name, Email, Confirmed, Referrals, Interests, Location, Source,
 * Joined, then the row's actions.
 */
export function WaitlistTable({ entries, sort, onSort, onDelete, stale }: TableProps) {
  const header = (label: string, column: WaitlistAdminSort, className?: string) => (
    <SortableHead label={label} column={column} sort={sort} onSort={onSort} className={className} />
  );
  return (
    <Table
      className={cn("table-fixed transition-opacity [&_td]:px-2.5 [&_th]:px-2.5", stale && "opacity-60")}
      aria-busy={stale || undefined}
    >
      {/* Fixed layout: the short columns get their width, the others share the rest and truncate (full text on hover). */}
      <colgroup>
        <col className="w-16" />
        <col className="w-20" />
        <col />
        <col className="w-[20%]" />
        <col className="w-28" />
        <col className="w-24" />
        <col />
        <col />
        <col className="w-24" />
        <col className="w-28" />
        <col className="w-11" />
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {header("Rank", "rank")}
          {header("Joined #", "position")}
          {header("Name", "name")}
          {header("Email", "email")}
          {header("Confirmed", "confirmed")}
          {header("Referrals", "referrals")}
          <TableHead>Interests</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>Source</TableHead>
          {header("Joined", "joined")}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="font-semibold text-ink tabular-nums">{entry.rank}</TableCell>
            <TableCell className="text-ink-muted tabular-nums">{entry.position}</TableCell>
            <TableCell>
              <NameText entry={entry} />
            </TableCell>
            <TableCell className="truncate" title={entry.email}>
              {entry.email}
              <UnsubscribedBadge entry={entry} className="ml-2" />
            </TableCell>
            <TableCell>
              <ConfirmedBadge entry={entry} />
            </TableCell>
            <TableCell className="tabular-nums">{entry.referrals}</TableCell>
            <TableCell>
              <InterestsText interests={entry.interests} />
            </TableCell>
            <TableCell className="text-ink-muted">
              {placeText(entry) ? <span className="line-clamp-2 break-words">{placeText(entry)}</span> : <Muted>Unknown</Muted>}
            </TableCell>
            <TableCell>
              <Badge variant={entry.source === "admin" ? "info" : "neutral"}>{entry.source}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap text-ink-muted">
              <JoinedTime iso={entry.joinedAt} />
            </TableCell>
            <TableCell className="py-2 text-right">
              <DeleteButton entry={entry} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per entry with the same fields, since eight columns do not fit 390 px. */
export function WaitlistList({ entries, onDelete, stale }: Omit<TableProps, "sort" | "onSort">) {
  return (
    <ul
      className={cn("divide-y divide-line rounded-panel border border-line bg-surface transition-opacity", stale && "opacity-60")}
      aria-busy={stale || undefined}
    >
      {entries.map((entry) => {
        const location = placeText(entry);
        return (
          <li key={entry.id} className="flex items-start gap-3 px-4 py-3.5">
            <span className="mt-0.5 w-10 shrink-0 text-sm font-semibold text-ink tabular-nums" title={`Joined #${entry.position}`}>
              #{entry.rank}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <NameText entry={entry} />
              <p className="flex min-w-0 items-center gap-2 text-sm text-ink-muted">
                <span className="truncate">{entry.email}</span>
                <UnsubscribedBadge entry={entry} />
              </p>
              <p className="flex min-w-0 items-center gap-1.5 text-xs text-ink-muted">
                <MapPin aria-hidden="true" className="size-3 shrink-0" />
                <span className="truncate">{location ?? "Unknown location"}</span>
                <span aria-hidden="true">·</span>
                <span className="shrink-0">
                  <JoinedTime iso={entry.joinedAt} />
                </span>
              </p>
              <div className="flex flex-wrap items-center gap-1 pt-1">
                <ConfirmedBadge entry={entry} />
                {entry.referrals > 0 ? <Badge variant="neutral">{entry.referrals} referred</Badge> : null}
                <Badge variant={entry.source === "admin" ? "info" : "neutral"} className="font-medium">
                  <span className="sr-only">Source:</span>
                  {entry.source}
                </Badge>
                {entry.interests.length > 0 ? <Interests interests={entry.interests} className="contents" /> : null}
              </div>
            </div>
            <DeleteButton entry={entry} onDelete={onDelete} />
          </li>
        );
      })}
    </ul>
  );
}

function SortableHead({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: WaitlistAdminSort;
  sort: SortState;
  onSort: (next: SortState) => void;
  className?: string;
}) {
  const active = sort.sort === column;
  const Icon = !active ? ArrowUpDown : sort.order === "asc" ? ArrowUp : ArrowDown;
  const next: SortState = active
    ? { sort: column, order: sort.order === "asc" ? "desc" : "asc" }
    : { sort: column, order: FIRST_ORDER[column] };
  return (
    <TableHead aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : "none"} className={className}>
      <button
        type="button"
        onClick={() => onSort(next)}
        className={cn(
          "focus-ring -mx-1.5 inline-flex items-center gap-1 rounded-sm px-1.5 py-1 uppercase hover:text-ink",
          active && "text-ink",
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-50")} />
        <span className="sr-only">, sort {next.order === "asc" ? "ascending" : "descending"}</span>
      </button>
    </TableHead>
  );
}

function NameText({ entry }: { entry: WaitlistAdminEntry }) {
  if (!entry.name) return <Muted>{SIGNUP_FALLBACKS.name}</Muted>;
  return (
    <span className="line-clamp-2 font-semibold break-words text-ink" title={entry.name}>
      {entry.name}
    </span>
  );
}

function Interests({ interests, className }: { interests: string[]; className?: string }) {
  if (interests.length === 0) return <Muted>None</Muted>;
  return (
    <ul className={cn("flex flex-wrap gap-1", className)} aria-label="Interests">
      {interests.map((interest) => (
        <li key={interest}>
          <Badge variant="brand" className="font-medium">
            {interest}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** In the table: the interests as text, two lines at most (all of them on hover), denser than badges. */
function InterestsText({ interests }: { interests: string[] }) {
  if (interests.length === 0) return <Muted>None</Muted>;
  const text = interests.join(", ");
  return (
    <span className="line-clamp-2 text-ink" title={text}>
      {text}
    </span>
  );
}

function JoinedTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

function Muted({ children }: { children: string }) {
  return <span className="text-ink-subtle italic">{children}</span>;
}

function DeleteButton({ entry, onDelete }: { entry: WaitlistAdminEntry; onDelete: (entry: WaitlistAdminEntry) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-8 shrink-0 px-0 text-ink-muted hover:bg-red-50 hover:text-red-700"
      aria-label={`Delete #${entry.position} ${entry.name ?? entry.email}`}
      title="Delete entry"
      onClick={() => onDelete(entry)}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

/** Shown for people who followed a newsletter's unsubscribe link: the newsletter skips them. */
function UnsubscribedBadge({ entry, className }: { entry: WaitlistAdminEntry; className?: string }) {
  if (!entry.unsubscribedAt) return null;
  const when = new Date(entry.unsubscribedAt).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  return (
    <Badge variant="warning" className={cn("shrink-0 font-medium", className)} title={`Unsubscribed from the newsletter on ${when}`}>
      Unsubscribed
    </Badge>
  );
}

/** Confirmed (with the time on hover) or Unconfirmed, while the confirmation link waits. */
function ConfirmedBadge({ entry }: { entry: WaitlistAdminEntry }) {
  return entry.confirmedAt ? (
    <Badge variant="success" title={formatDateTime(entry.confirmedAt)}>
      Confirmed
    </Badge>
  ) : (
    <Badge variant="warning">Unconfirmed</Badge>
  );
}
