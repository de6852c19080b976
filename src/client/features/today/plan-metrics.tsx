import type { PlanMetric } from "#common/today/today.ts";
import { formatDateTime } from "#client/lib/format.ts";

/** The figures the plan and its insight were computed from, as of its generation. */
export function PlanMetrics({ metrics, generatedAt }: { metrics: PlanMetric[]; generatedAt: string }) {
  return (
    <section aria-labelledby="metrics-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="metrics-title" className="text-lg font-semibold tracking-tight text-ink">
          Metrics
        </h2>
        <p className="text-xs text-ink-muted">Generated {formatDateTime(generatedAt)}</p>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {metrics.map((metric) => (
          <div key={metric.label} className="flex flex-col gap-0.5 rounded-panel border border-line bg-surface p-4 shadow-panel">
            <dt className="text-sm text-ink-muted">{metric.label}</dt>
            <dd className="font-semibold text-ink tabular-nums">{metric.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
