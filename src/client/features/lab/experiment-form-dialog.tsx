import { lazy, Suspense, useRef, useState } from "react";
import { Pencil, Plus } from "lucide-react";
import type { Experiment } from "#common/lab/lab.ts";
import { Button } from "#client/ui/button.tsx";

// The dialog, its form and the schema it checks with load on the first click, not with the page.
const ExperimentFormDialog = lazy(() => import("./experiment-form").then((m) => ({ default: m.ExperimentFormDialog })));

/** New Experiment (no experiment) or Edit (an experiment): a button that opens the form. */
export function ExperimentFormButton({ experiment }: { experiment?: Experiment }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const Icon = experiment ? Pencil : Plus;
  return (
    <>
      <Button ref={button} variant={experiment ? "outline" : "primary"} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Icon aria-hidden="true" />
        {experiment ? "Edit" : "New Experiment"}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ExperimentFormDialog experiment={experiment} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
