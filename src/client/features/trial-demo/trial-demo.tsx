import type { ReactNode } from "react";
import { FlaskConical } from "lucide-react";
import type { TrialDemoStep } from "#common/trial-demo/trial-demo.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { AccessStep, LandingStep, MadlibsStep, PaymentStep, SignupStep } from "./signup-steps";
import { ThankYouStep, TrialEndStep } from "./trial-end-steps";
import { OnboardingEmail } from "./onboarding-emails";
import { useTrialDemo, type TrialDemoState } from "./use-trial-demo";

const SCREENS: Record<TrialDemoStep, (demo: TrialDemoState) => ReactNode> = {
  landing: (demo) => <LandingStep demo={demo} />,
  madlibs: (demo) => <MadlibsStep demo={demo} />,
  signup: (demo) => <SignupStep demo={demo} />,
  payment: (demo) => <PaymentStep demo={demo} />,
  access: (demo) => <AccessStep demo={demo} />,
  "onboarding-day1": (demo) => <OnboardingEmail day={1} demo={demo} />,
  "onboarding-day3": (demo) => <OnboardingEmail day={3} demo={demo} />,
  "onboarding-day5": (demo) => <OnboardingEmail day={5} demo={demo} />,
  "onboarding-day6": (demo) => <OnboardingEmail day={6} demo={demo} />,
  "trial-end": (demo) => <TrialEndStep demo={demo} />,
  "thank-you": (demo) => <ThankYouStep demo={demo} />,
};

/**
 * The seven-day trial, walked through in eleven screens: one component behind /demo (public) and
 * /admin/trial-demo. A demo: nothing typed here is charged, stored or sent.
 */
export function TrialDemo({ entry }: { entry: "public" | "admin" }) {
  const demo = useTrialDemo(entry);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5" data-step={demo.step}>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-semibold text-ink">Trial Experience</span>
          <span className="text-ink-muted tabular-nums">
            Step {demo.index + 1} of {demo.total}
          </span>
        </div>
        <Progress value={demo.index + 1} max={demo.total} label={`Step ${demo.index + 1} of ${demo.total}`} />
        <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted" data-testid="demo-label">
          <Badge variant="info">
            <FlaskConical aria-hidden="true" />
            Demo
          </Badge>
          Nothing is charged, stored or sent.
        </p>
      </div>
      <div key={demo.step} className="rounded-panel border border-line bg-surface p-5 shadow-panel sm:p-8">
        {SCREENS[demo.step](demo)}
      </div>
    </div>
  );
}
