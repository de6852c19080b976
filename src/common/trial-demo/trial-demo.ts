/** The trial demo (/demo and /admin/trial-demo): its steps and constants. */
export const TRIAL_DEMO_STEPS = [
  "landing",
  "madlibs",
  "signup",
  "payment",
  "access",
  "onboarding-day1",
  "onboarding-day3",
  "onboarding-day5",
  "onboarding-day6",
  "trial-end",
  "thank-you",
] as const;
export type TrialDemoStep = (typeof TRIAL_DEMO_STEPS)[number];

export const TRIAL_DAYS = 7;
/** Auto-advance moves one step forward this often. */
export const TRIAL_AUTO_ADVANCE_MS = 3000;
