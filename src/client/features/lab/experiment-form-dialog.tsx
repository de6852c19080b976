import { lazy, Suspense, useRef, useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "../../ui/button";

// The dialog, its form and the schema it checks with load on the first click, not with the list.
const NewExperimentDialog = lazy(() => import("./new-experiment-form").then((m) => ({ default: m.NewExperimentDialog })));

/** The New Experiment button; it opens the form (lab.create). */
export function NewExperimentButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus aria-hidden="true" />
        New Experiment
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NewExperimentDialog onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
