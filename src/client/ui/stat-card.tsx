import { useId, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card } from "./card";
import { cn } from "./cn";

export type StatCardProps = {
  label: string;
  /** The figure, already formatted ("1,204", "Analytics"). */
  value: ReactNode;
  /** A line under the figure ("12 in the last hour"). */
  detail?: ReactNode;
  icon?: LucideIcon;
  /** Shows placeholders instead of the figure and the detail. */
  loading?: boolean;
  className?: string;
};

/**
 * One headline figure of a back-office page. Put several in a `<ul>` grid: the card renders an `<li>`.
 * Long text values (an interest's name) wrap instead of overflowing.
 */
export function StatCard({ label, value, detail, icon: Icon, loading = false, className }: StatCardProps) {
  return (
    <li className={cn("min-w-0", className)}>
      <Card className="flex h-full flex-col gap-2 p-4 sm:gap-3 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <p className="text-sm font-semibold text-ink-muted">{label}</p>
          {Icon ? (
            <span
              aria-hidden="true"
              className="hidden size-9 shrink-0 items-center justify-center rounded-control bg-brand-100 text-brand-900 sm:flex"
            >
              <Icon className="size-[1.125rem]" />
            </span>
          ) : null}
        </div>
        {loading ? (
          <div className="flex flex-col gap-2">
            <span aria-hidden="true" className="h-9 w-20 animate-pulse rounded-md bg-sunken" />
            <span aria-hidden="true" className="h-4 w-32 animate-pulse rounded bg-sunken" />
            <span className="sr-only">Loading {label}</span>
          </div>
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-2xl font-bold tracking-tight break-words text-ink tabular-nums sm:text-3xl">{value}</p>
            {detail ? <p className="text-sm text-ink-muted">{detail}</p> : null}
          </div>
        )}
      </Card>
    </li>
  );
}

/** A row of StatCards (two columns, four from xl unless `className` says otherwise) under a heading for screen readers. */
export function StatCardGrid({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <ul className={cn("grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4", className)}>{children}</ul>
    </section>
  );
}
