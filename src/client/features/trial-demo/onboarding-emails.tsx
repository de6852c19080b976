import type { ReactNode } from "react";
import { Mail } from "lucide-react";
import { TRIAL_DAYS } from "#common/trial-demo/trial-demo.ts";
import { Button } from "#client/ui/button.tsx";
import { Progress } from "#client/ui/progress.tsx";
import type { TrialDemoState } from "./use-trial-demo";

type Day = 1 | 3 | 5 | 6;

/** A sample code shown in the Day 6 mock email; it is not a real offer. */
const DEMO_PROMO_CODE = "DEMO-2FREE";

const EMAILS: Record<Day, { subject: string; body: (name: string) => ReactNode }> = {
  1: {
    subject: "Welcome! Here is your first day",
    body: (name) => (
      <>
        <p>Hi {name}, welcome to your trial. Three things to do today:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Complete your profile</li>
          <li>Import your data</li>
          <li>Take the 5-minute tour</li>
        </ul>
      </>
    ),
  },
  3: {
    subject: "Pro tips for getting more done",
    body: (name) => (
      <>
        <p>Hi {name}, you are getting the hang of it. Three tips our best users swear by:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Automation rules: let repeat work run itself</li>
          <li>Team collaboration: invite a teammate and share a project</li>
          <li>Custom templates: start every project from your best one</li>
        </ul>
      </>
    ),
  },
  5: {
    subject: "How others use it",
    body: (name) => (
      <>
        <p>Hi {name}, here is what people like you got out of their first week.</p>
        <blockquote className="border-l-4 border-brand-400 pl-4 text-ink italic">
          “I shipped in five days what used to take me a month. The daily nudges kept me honest.”
          <footer className="mt-1 text-sm text-ink-muted not-italic">Maya R., indie builder (sample testimonial)</footer>
        </blockquote>
      </>
    ),
  },
  6: {
    subject: "Your Trial Ends Tomorrow",
    body: (name) => (
      <>
        <p>Hi {name}, your trial ends tomorrow. Subscribe today and get 2 months free.</p>
        <p>
          Use the code <span className="rounded-sm bg-brand-100 px-1.5 py-0.5 font-mono font-semibold text-ink">{DEMO_PROMO_CODE}</span> at
          checkout.
        </p>
      </>
    ),
  },
};

export function OnboardingEmail({ day, demo }: { day: Day; demo: TrialDemoState }) {
  const email = EMAILS[day];
  const name = demo.form.name.trim() || "there";
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-800">
          <Mail aria-hidden="true" className="size-4" />
          Day {day} Email
        </p>
        <Progress value={day} max={TRIAL_DAYS} label={`Trial Progress: ${day}/${TRIAL_DAYS} days`} />
        <p className="text-sm text-ink-muted">
          Trial Progress: {day}/{TRIAL_DAYS} days
        </p>
      </div>
      <article className="flex flex-col gap-3 rounded-control border border-line bg-sunken p-4 text-ink">
        <h2 className="text-lg font-semibold">{email.subject}</h2>
        <div className="flex flex-col gap-3 text-sm leading-relaxed">{email.body(name)}</div>
      </article>
      <p className="text-sm text-ink-muted">Trial Status: {TRIAL_DAYS - day} days remaining • Cancel anytime</p>
      <Button onClick={demo.next}>{demo.autoAdvance ? "Next (auto-advancing)" : "Next"}</Button>
    </div>
  );
}
