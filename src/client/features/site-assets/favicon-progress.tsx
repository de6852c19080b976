import { CheckCircle2, Circle } from "lucide-react";
import { FAVICON_FILE_COUNT, FAVICON_STEPS, type FaviconGenerateResult } from "#common/site-assets/favicon.ts";
import { Spinner } from "#client/ui/spinner.tsx";

/**
 * 'Generating 18 favicon files' over the ten named steps. The server makes the whole set in one call: while
 * it works the steps wait; its answer then shows each step done with the time it really took.
 */
export function FaviconProgress({ result }: { result: FaviconGenerateResult | null }) {
  const timeOf = new Map(result?.steps.map((step) => [step.id, step.ms]));
  return (
    <section aria-label="Favicon update progress" className="rounded-control border border-control bg-sunken/50 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {result ? null : <Spinner size="sm" label="Updating" />}
        Generating {FAVICON_FILE_COUNT} favicon files
      </h3>
      <ol className="mt-3 grid gap-1.5 text-sm">
        {FAVICON_STEPS.map((step, index) => {
          const ms = timeOf.get(step.id);
          return (
            <li key={step.id} className="flex items-center gap-2">
              {ms === undefined ? (
                <Circle aria-hidden className="size-4 text-ink-muted" />
              ) : (
                <CheckCircle2 aria-hidden className="size-4 text-emerald-600" />
              )}
              <span>
                {index + 1}. {step.label}
                {step.files.length > 1 ? ` (${step.files.length} files)` : ""}
              </span>
              {ms === undefined ? null : <span className="ml-auto shrink-0 whitespace-nowrap tabular-nums text-ink-muted">{ms} ms</span>}
            </li>
          );
        })}
      </ol>
      {result ? (
        <p role="status" className="mt-3 font-semibold text-emerald-700">
          Update complete! The page reloads in a moment with the new icons.
        </p>
      ) : null}
    </section>
  );
}
