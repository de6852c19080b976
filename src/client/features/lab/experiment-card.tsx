import { Link } from "react-router";
import { Lock, Users } from "lucide-react";
import { experimentPath, type Experiment } from "#common/lab/lab.ts";
import { Card } from "#client/ui/card.tsx";
import { dollars } from "./lab-texts";
import { DayProgress, ResultText, StatusBadge } from "./experiment-status";

/** One experiment in the list: status, title, hypothesis, investment, result and, while running, its progress. */
export function ExperimentCard({ experiment, base, showOwner = false }: { experiment: Experiment; base: string; showOwner?: boolean }) {
  return (
    <li className="min-w-0">
      <Card className="relative flex h-full flex-col gap-4 p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-400 hover:shadow-overlay">
        <div className="flex items-center justify-between gap-3">
          <StatusBadge status={experiment.status} />
          <span className="flex items-center gap-1 text-xs text-ink-muted">
            {experiment.visibility === "shared" ? (
              <Users aria-hidden="true" className="size-3.5" />
            ) : (
              <Lock aria-hidden="true" className="size-3.5" />
            )}
            {showOwner ? `by ${experiment.ownerName}` : experiment.visibility === "shared" ? "Shared" : "Private"}
          </span>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 className="text-lg font-bold tracking-tight text-ink">
            {/* The whole card is the link's target area. */}
            <Link to={experimentPath(base, experiment.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
              {experiment.title}
            </Link>
          </h3>
          <p className="line-clamp-2 text-sm text-ink-muted">{experiment.hypothesis}</p>
        </div>
        <dl className="mt-auto grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-ink-muted">Invested</dt>
            <dd className="font-semibold tabular-nums">
              {dollars(experiment.spent)} <span className="font-normal text-ink-muted">/ {dollars(experiment.amount)}</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted">Result</dt>
            <dd>
              <ResultText result={experiment.currentResult} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted">Days</dt>
            <dd className="font-semibold tabular-nums">
              {experiment.day === null
                ? experiment.totalDays
                : `${Math.min(experiment.day, experiment.totalDays)} / ${experiment.totalDays}`}
            </dd>
          </div>
        </dl>
        <DayProgress experiment={experiment} />
      </Card>
    </li>
  );
}
