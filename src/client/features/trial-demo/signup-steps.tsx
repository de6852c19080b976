import { BarChart3, CreditCard, Target, Zap } from "lucide-react";
import { TRIAL_DAYS } from "#common/trial-demo/trial-demo.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Label } from "#client/ui/label.tsx";
import { StepHeading } from "./step-heading";
import type { TrialDemoState } from "./use-trial-demo";

type StepProps = { demo: TrialDemoState };

const FEATURES = [
  { icon: Zap, title: "Lightning Fast", text: "Set up in minutes, not days." },
  { icon: Target, title: "Laser Focused", text: "Only the tools that move your work forward." },
  { icon: BarChart3, title: "Track Progress", text: "See what you got done, day by day." },
];

export function LandingStep({ demo }: StepProps) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Transform Your Workflow">Try everything free for {TRIAL_DAYS} days. See what changes in a week.</StepHeading>
      <ul className="grid gap-3 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center gap-2 rounded-control border border-line bg-sunken p-4 text-center">
            <Icon aria-hidden="true" className="size-6 text-brand-700" />
            <span className="font-semibold text-ink">{title}</span>
            <span className="text-sm text-ink-muted">{text}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <Button size="lg" onClick={demo.next}>
          Start Free Trial
        </Button>
        <p className="text-center text-sm text-ink-muted">No credit card required • Cancel anytime • Full access</p>
      </div>
    </div>
  );
}

/** An inline blank of the letter. */
function Blank({
  label,
  value,
  onChange,
  type = "text",
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  placeholder: string;
}) {
  return (
    <input
      aria-label={label}
      type={type}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      className="focus-ring mx-1 inline-block w-44 max-w-full rounded-sm border-b-2 border-brand-400 bg-brand-50 px-1.5 py-0.5 font-semibold text-ink placeholder:font-normal placeholder:text-ink-subtle"
    />
  );
}

export function MadlibsStep({ demo }: StepProps) {
  const { name, goal, email } = demo.form;
  const complete = [name, goal, email].every((value) => value.trim() !== "");
  const today = new Date();
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Write Yourself a Letter">Fill in the blanks: this is the note your future self reads in a week.</StepHeading>
      <div className="rounded-control border border-line bg-sunken p-5 leading-loose text-ink">
        <p className="text-sm text-ink-muted">
          {today.toLocaleDateString(undefined, { weekday: "long" })},{" "}
          {today.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" })}
        </p>
        <p className="mt-3">
          Dear future me, my name is
          <Blank label="Your name" placeholder="your name" value={name} onChange={(value) => demo.update({ name: value })} />
          and in the next {TRIAL_DAYS} days I want to
          <Blank label="Your goal" placeholder="your goal" value={goal} onChange={(value) => demo.update({ goal: value })} />. Send my
          progress to
          <Blank
            label="Your email"
            type="email"
            placeholder="you@example.com"
            value={email}
            onChange={(value) => demo.update({ email: value })}
          />
          .
        </p>
        <p className="mt-3">
          Yours truly,
          <br />
          <span className="font-semibold">{name.trim() || "Future You"}</span>
        </p>
      </div>
      <div className="flex flex-col items-center gap-2">
        <Button size="lg" disabled={!complete} onClick={demo.next}>
          Continue to Sign Up
        </Button>
        {complete ? null : <p className="text-center text-sm text-ink-muted">Please fill in all the blanks above to continue.</p>}
      </div>
    </div>
  );
}

export function SignupStep({ demo }: StepProps) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Create Your Account">Demo only: no account is created.</StepHeading>
      <div className="flex flex-col gap-4">
        <Field label="Email Address">
          <Input type="email" value={demo.form.email} onChange={(event) => demo.update({ email: event.target.value })} autoComplete="off" />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            value={demo.form.password}
            onChange={(event) => demo.update({ password: event.target.value })}
            autoComplete="off"
          />
        </Field>
        <Field label="Full Name">
          <Input value={demo.form.name} onChange={(event) => demo.update({ name: event.target.value })} autoComplete="off" />
        </Field>
      </div>
      <Button size="lg" onClick={demo.next}>
        Continue to Payment
      </Button>
    </div>
  );
}

export function PaymentStep({ demo }: StepProps) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Payment Details" />
      <Alert variant="success" title={`Free for ${TRIAL_DAYS} days!`}>
        We&apos;ll only charge after your trial ends.
      </Alert>
      <div className="flex flex-col gap-4">
        <Field label="Card Number" hint="A test card: nothing is charged.">
          <Input
            inputMode="numeric"
            value={demo.form.cardNumber}
            onChange={(event) => demo.update({ cardNumber: event.target.value })}
            autoComplete="off"
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry (MM/YY)">
            <Input value={demo.form.expiry} onChange={(event) => demo.update({ expiry: event.target.value })} autoComplete="off" />
          </Field>
          <Field label="CVC">
            <Input
              inputMode="numeric"
              value={demo.form.cvc}
              onChange={(event) => demo.update({ cvc: event.target.value })}
              autoComplete="off"
            />
          </Field>
        </div>
      </div>
      <Button size="lg" onClick={demo.next}>
        <CreditCard aria-hidden="true" />
        Start My Free Trial
      </Button>
      <p className="text-center text-sm text-ink-muted">Secure payment • SSL encrypted • Cancel anytime</p>
    </div>
  );
}

export function AccessStep({ demo }: StepProps) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading title="Welcome Aboard!">
        Your {TRIAL_DAYS}-day trial has started. A welcome email is on its way to {demo.form.email.trim() || "your inbox"}.
      </StepHeading>
      <div className="rounded-control border border-line bg-sunken p-4">
        <p className="font-semibold text-ink">What&apos;s Next?</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-muted">
          <li>Open the app and set up your first project.</li>
          <li>Watch your inbox: a short email on days 1, 3, 5 and 6.</li>
          <li>Cancel anytime before day {TRIAL_DAYS} and pay nothing.</li>
        </ul>
      </div>
      <Button size="lg" onClick={demo.startUsing}>
        Start Using the App
      </Button>
      <div className="flex items-center justify-center gap-2">
        <Checkbox id="trial-auto-advance" checked={demo.autoAdvance} onCheckedChange={(value) => demo.setAutoAdvance(value === true)} />
        <Label htmlFor="trial-auto-advance">Auto-advance (every 3 seconds)</Label>
      </div>
    </div>
  );
}
