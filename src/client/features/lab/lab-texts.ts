import { errorMessage } from "#client/lib/errors.ts";

export const STATUS_LABELS = { planning: "PLANNING", running: "RUNNING", completed: "COMPLETED" } as const;

/** A failed call in words a person can act on. */
export const reasonOf = (error: unknown): string =>
  errorMessage(error, { fallback: "Something went wrong. Please try again.", network: "Network error. Please try again." });

export const dollars = (amount: number): string => `$${amount.toLocaleString("en-US")}`;
