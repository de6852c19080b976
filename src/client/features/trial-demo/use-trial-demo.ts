import { useEffect, useState } from "react";
import { TRIAL_AUTO_ADVANCE_MS, TRIAL_DEMO_STEPS } from "#common/trial-demo/trial-demo.ts";
import { track } from "#client/lib/analytics.ts";

/** What the visitor typed; nothing leaves the page. The card is prefilled with a test card's values. */
export type TrialDemoForm = {
  name: string;
  goal: string;
  email: string;
  password: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
};

const INITIAL_FORM: TrialDemoForm = {
  name: "",
  goal: "",
  email: "",
  password: "",
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/34",
  cvc: "123",
};
const LAST = TRIAL_DEMO_STEPS.length - 1;

/** The demo's state machine: forward only, auto-advance every 3 s while on, Start Over back to step 1. */
export function useTrialDemo(entry: "public" | "admin") {
  const [index, setIndex] = useState(0);
  const [autoAdvance, setAutoAdvance] = useState(false);
  const [form, setForm] = useState(INITIAL_FORM);
  const step = TRIAL_DEMO_STEPS[index]!;

  useEffect(() => {
    track("feature_used", { component: "trial_demo", category: entry, label: step, value: index + 1 });
  }, [entry, step, index]);

  useEffect(() => {
    if (!autoAdvance || index >= LAST) return;
    const timer = window.setTimeout(() => setIndex((current) => Math.min(current + 1, LAST)), TRIAL_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [autoAdvance, index]);

  return {
    step,
    index,
    total: TRIAL_DEMO_STEPS.length,
    form,
    update: (patch: Partial<TrialDemoForm>) => setForm((current) => ({ ...current, ...patch })),
    next: () => setIndex((current) => Math.min(current + 1, LAST)),
    autoAdvance,
    setAutoAdvance,
    /** Start Using the App: one step forward, and auto-advance on. */
    startUsing: () => {
      setIndex((current) => Math.min(current + 1, LAST));
      setAutoAdvance(true);
    },
    startOver: () => {
      setIndex(0);
      setAutoAdvance(false);
      setForm(INITIAL_FORM);
    },
  };
}
export type TrialDemoState = ReturnType<typeof useTrialDemo>;
