import { progressOf, signedDollars, type Experiment, type ExperimentStatus } from "#common/lab/lab.ts";
import { Badge } from "#client/ui/badge.tsx";
import { cn } from "#client/ui/cn.ts";
import { Progress } from "#client/ui/progress.tsx";
import { STATUS_LABELS } from "./lab-texts";

const STATUS_VARIANTS = { planning: "neutral", running: "brand", completed: "success" } as const;

/** PLANNING, RUNNING, COMPLETED: the status label in capitals. */
export function StatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} className="tracking-wide">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** The result, green when positive, red when negative; "No result yet" before any update. */
export function ResultText({ result, className }: { result: number | null; className?: string }) {
  if (result === null) return <span className={cn("text-ink-muted", className)}>No result yet</span>;
  return (
    <span
      className={cn("font-semibold tabular-nums", result > 0 ? "text-emerald-700" : result < 0 ? "text-red-700" : "text-ink", className)}
    >
      {signedDollars(result)}
    </span>
  );
}

/** A running experiment's day out of its total days. */
export function DayProgress({ experiment }: { experiment: Experiment }) {
  if (experiment.status !== "running" || experiment.day === null) return null;
  const day = Math.min(experiment.day, experiment.totalDays);
  const label = `Day ${day} of ${experiment.totalDays}`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-xs font-medium text-ink-muted">
        <span>{label}</span>
        <span className="tabular-nums">{progressOf(experiment.day, experiment.totalDays)}%</span>
      </div>
      <Progress value={day} max={experiment.totalDays} label={label} />
    </div>
  );
}
