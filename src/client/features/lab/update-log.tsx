import type { ExperimentUpdate } from "#common/lab/lab.ts";
import { Card } from "#client/ui/card.tsx";
import { LocalDateTime } from "#client/ui/local-date-time.tsx";
import { dollars } from "./lab-texts";
import { ResultText } from "./experiment-status";

/** The update log, oldest first: day, note, spend, result and attempts of each update. */
export function UpdateLog({ updates }: { updates: ExperimentUpdate[] }) {
  if (updates.length === 0) return <p className="text-sm text-ink-muted">No updates yet.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Updates">
      {updates.map((update) => (
        <li key={update.id}>
          <Card className="flex flex-col gap-2 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-bold">Day {update.day}</p>
              <LocalDateTime iso={update.createdAt} className="text-xs text-ink-muted" />
            </div>
            <p className="whitespace-pre-line text-sm text-ink">{update.note}</p>
            <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <div className="flex gap-1">
                <dt className="text-ink-muted">Spend</dt>
                <dd className="font-semibold tabular-nums">{dollars(update.spend)}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-ink-muted">Result</dt>
                <dd>
                  <ResultText result={update.result} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-ink-muted">Attempts</dt>
                <dd className="font-semibold tabular-nums">{update.attempts}</dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ol>
  );
}
