import { useRef, type KeyboardEvent } from "react";
import { ANALYTICS_TIME_RANGES, type AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { cn } from "#client/ui/cn.ts";

export const RANGE_LABELS: Record<AnalyticsTimeRange, { button: string; short: string; long: string }> = {
  "1h": { button: "1 hour", short: "last hour", long: "the last hour" },
  "24h": { button: "24 hours", short: "last 24 h", long: "the last 24 hours" },
  "7d": { button: "7 days", short: "last 7 days", long: "the last 7 days" },
  "30d": { button: "30 days", short: "last 30 days", long: "the last 30 days" },
};

/**
 * The time range as a segmented control: a radio group (one choice of four), arrow keys move and choose,
 * as the WAI-ARIA radio group pattern says; only the chosen option is in the tab order.
 */
export function RangeSelector({ value, onChange }: { value: AnalyticsTimeRange; onChange: (range: AnalyticsTimeRange) => void }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = (ANALYTICS_TIME_RANGES.indexOf(value) + step + ANALYTICS_TIME_RANGES.length) % ANALYTICS_TIME_RANGES.length;
    onChange(ANALYTICS_TIME_RANGES[index]!);
    buttons.current[index]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label="Time range"
      onKeyDown={onKeyDown}
      className="grid w-full grid-cols-4 gap-1 rounded-control bg-sunken p-1 sm:inline-grid sm:w-auto"
    >
      {ANALYTICS_TIME_RANGES.map((range, index) => {
        const checked = range === value;
        return (
          <button
            key={range}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(range)}
            className={cn(
              "focus-ring inline-flex h-9 items-center justify-center rounded-[calc(var(--radius-control)-2px)] px-3 text-sm font-medium whitespace-nowrap transition-colors sm:px-4",
              checked ? "bg-surface text-ink shadow-panel" : "text-ink-muted hover:text-ink",
            )}
          >
            {RANGE_LABELS[range].button}
          </button>
        );
      })}
    </div>
  );
}
