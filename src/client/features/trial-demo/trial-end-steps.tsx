import { CheckCircle2, RotateCcw } from "lucide-react";
import { TRIAL_DAYS } from "#common/trial-demo/trial-demo.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { StepHeading } from "./step-heading";
import type { TrialDemoState } from "./use-trial-demo";

export function TrialEndStep({ demo }: { demo: TrialDemoState }) {
  const last4 = demo.form.cardNumber.replace(/\D/g, "").slice(-4) || "0000";
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Your Trial Ends Today">
        Your {TRIAL_DAYS}-day trial is over: the card on file was charged for your first month.
      </StepHeading>
      <Alert variant="success" title="Payment Processed">
        Card ending in {last4} (demo: no money moved).
      </Alert>
      <Button size="lg" onClick={demo.next}>
        Continue Using the App
      </Button>
    </div>
  );
}

export function ThankYouStep({ demo }: { demo: TrialDemoState }) {
  const recap = [
    "A landing page with one clear promise",
    "A letter to your future self",
    "Sign-up and a card up front, free for 7 days",
    "Emails on days 1, 3, 5 and 6",
    "The first charge when the trial ends",
  ];
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Thank You!">That was the whole trial, from first visit to first payment.</StepHeading>
      <ul className="flex flex-col gap-2">
        {recap.map((line) => (
          <li key={line} className="flex items-start gap-2 text-sm text-ink">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            {line}
          </li>
        ))}
      </ul>
      <Button size="lg" variant="outline" onClick={demo.startOver}>
        <RotateCcw aria-hidden="true" />
        Start Over
      </Button>
    </div>
  );
}
