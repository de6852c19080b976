import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Filter } from "lucide-react";
import { ANALYTICS_LIVE_REFRESH_MS, type AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { conversionOf, formatConversion, type FunnelRow } from "#common/analytics/funnel.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { formatCount } from "#client/lib/format.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { cn } from "#client/ui/cn.ts";
import { Empty, Panel } from "./dashboard-panels";

const STEPS = [
  { key: "visitors", label: "Visitors of /" },
  { key: "joins", label: "Joins" },
  { key: "confirmed", label: "Confirmed" },
  { key: "accounts", label: "Accounts" },
] as const;

const sourceOf = (row: FunnelRow) => (row.kind === "all" ? "All" : row.kind === "referrals" ? "Referrals" : row.campaign!);

/**
 * The waitlist Funnel over the selected range: visitors of `/`, waitlist joins, confirmed addresses and
 * accounts created, each with its conversion from the step before; "All", then referrals as a source, then
 * each campaign. A conversion from a step of 0 shows "—".
 */
export function FunnelPanel({ timeRange, live }: { timeRange: AnalyticsTimeRange; live: boolean }) {
  const trpc = useTRPC();
  const { data, error, isPlaceholderData } = useQuery(
    trpc.analytics.funnel.queryOptions(
      { timeRange },
      { refetchInterval: live ? ANALYTICS_LIVE_REFRESH_MS : false, refetchIntervalInBackground: false, placeholderData: keepPreviousData },
    ),
  );
  return (
    <Panel
      id="funnel-title"
      title="Funnel"
      description="Visitors of / → waitlist joins → confirmed → accounts created, with each step's conversion"
      icon={Filter}
    >
      {error ? (
        <Empty>
          {errorMessage(error, { fallback: "The server could not compute the funnel.", network: "The server could not be reached." })}
        </Empty>
      ) : !data ? (
        <Empty>Counting the funnel…</Empty>
      ) : (
        <div className={cn("overflow-x-auto transition-opacity", isPlaceholderData && "opacity-60")}>
          <table className="w-full text-sm">
            <caption className="sr-only">Funnel steps per source, each with its conversion from the previous step</caption>
            <thead>
              <tr className="border-b border-line text-left text-[0.6875rem] font-semibold tracking-normal text-ink-muted uppercase sm:text-xs sm:tracking-wide">
                <th scope="col" className="px-3 py-2.5 sm:px-5">
                  Source
                </th>
                {STEPS.map((step) => (
                  <th key={step.key} scope="col" className="px-1.5 py-2.5 text-right last:pr-3 sm:px-3 sm:last:pr-5">
                    {step.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr
                  key={`${row.kind}-${row.campaign ?? ""}`}
                  className={cn("border-b border-line last:border-b-0", row.kind === "all" && "bg-canvas")}
                >
                  <th scope="row" className="px-3 py-3 text-left align-top font-medium break-words text-ink sm:px-5">
                    {sourceOf(row)}
                  </th>
                  {STEPS.map((step, index) => {
                    const value = row[step.key];
                    const previous = STEPS[index - 1];
                    return (
                      <td key={step.key} className="px-1.5 py-3 text-right align-top tabular-nums last:pr-3 sm:px-3 sm:last:pr-5">
                        <span className="block text-ink">{formatCount(value)}</span>
                        {previous ? (
                          <span className="block text-xs text-ink-muted">{formatConversion(conversionOf(value, row[previous.key]))}</span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
