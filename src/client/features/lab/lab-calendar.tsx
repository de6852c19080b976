import { useState } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { addDays, experimentPath, isoDate, type CalendarItem, type CalendarItemKind } from "#common/lab/lab.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { Spinner } from "#client/ui/spinner.tsx";
import { reasonOf } from "./lab-texts";

const KIND_STYLES: Record<CalendarItemKind, string> = {
  start: "border-emerald-200 bg-emerald-50 text-emerald-900",
  end: "border-stone-300 bg-stone-100 text-stone-800",
  update: "border-blue-200 bg-blue-50 text-blue-900",
  content: "border-brand-300 bg-brand-100 text-brand-900",
};
const KIND_LABELS: Record<CalendarItemKind, string> = { start: "Start", end: "End", update: "Update", content: "Content" };
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.parse(`${month}-01T00:00:00Z`));
const shiftMonth = (month: string, by: number) => {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return isoDate(new Date(Date.UTC(year, index - 1 + by, 1))).slice(0, 7);
};

/** The days shown for a month: whole weeks, Monday first, with the neighbouring months' days blank. */
function monthCells(month: string): Array<string | null> {
  const first = `${month}-01`;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) cells.push(date);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** Content Calendar: a month of real dated items (starts, ends, updates, content drafts), from lab.calendar. */
export function LabCalendarView({ base }: { base: string }) {
  const trpc = useTRPC();
  const [month, setMonth] = useState(() => isoDate(new Date()).slice(0, 7));
  const calendar = useQuery(trpc.lab.calendar.queryOptions({ month }, { placeholderData: (previous) => previous }));
  const byDate = new Map<string, CalendarItem[]>();
  for (const item of calendar.data?.items ?? []) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);
  const today = isoDate(new Date());

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold tracking-tight" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <div className="flex items-center gap-1">
          {calendar.isFetching ? <Spinner size="sm" label="Loading the month" /> : null}
          <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1))}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {calendar.isError ? (
        <LoadFailedAlert title="Could not load the calendar" onRetry={() => void calendar.refetch()} retrying={calendar.isFetching}>
          {reasonOf(calendar.error)}
        </LoadFailedAlert>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2 text-xs" aria-label="Legend">
            {(Object.keys(KIND_LABELS) as CalendarItemKind[]).map((kind) => (
              <li key={kind} className={cn("rounded-full border px-2 py-0.5 font-medium", KIND_STYLES[kind])}>
                {KIND_LABELS[kind]}
              </li>
            ))}
          </ul>
          {/* A grid of weeks from 640 px; a list of the days with items on phones. */}
          <div className="hidden grid-cols-7 gap-px overflow-hidden rounded-control border border-line bg-line sm:grid">
            {WEEKDAYS.map((day) => (
              <div key={day} className="bg-sunken px-2 py-1 text-xs font-semibold text-ink-muted">
                {day}
              </div>
            ))}
            {monthCells(month).map((date, index) => (
              <div key={date ?? `blank-${index}`} className={cn("min-h-24 bg-surface p-1.5", !date && "bg-canvas")}>
                {date ? (
                  <>
                    <p
                      className={cn(
                        "text-xs font-semibold text-ink-muted",
                        date === today && "inline-block rounded-full bg-ink px-1.5 text-white",
                      )}
                    >
                      {Number(date.slice(8))}
                    </p>
                    <DayItems items={byDate.get(date) ?? []} base={base} />
                  </>
                ) : null}
              </div>
            ))}
          </div>
          <ol className="flex flex-col gap-3 sm:hidden" aria-label={`Dated items of ${monthTitle(month)}`}>
            {[...byDate.entries()].map(([date, items]) => (
              <li key={date} className="flex flex-col gap-1">
                <p className="text-sm font-semibold">
                  {new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
                    Date.parse(`${date}T00:00:00Z`),
                  )}
                </p>
                <DayItems items={items} base={base} />
              </li>
            ))}
          </ol>
          {calendar.data && calendar.data.items.length === 0 ? (
            <p className="text-sm text-ink-muted">Nothing dated this month: starts, ends, updates and planned content appear here.</p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function DayItems({ items, base }: { items: CalendarItem[]; base: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {items.map((item, index) => (
        <li key={`${item.kind}-${item.experimentId}-${index}`}>
          <Link
            to={experimentPath(base, item.experimentId)}
            className={cn(
              "focus-ring block truncate rounded border px-1.5 py-0.5 text-xs font-medium",
              KIND_STYLES[item.kind],
              item.planned && "border-dashed",
            )}
            title={`${KIND_LABELS[item.kind]}${item.planned ? " (planned)" : ""}: ${item.label}`}
          >
            <span className="sr-only">
              {KIND_LABELS[item.kind]}
              {item.planned ? ", planned" : ""}:{" "}
            </span>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
