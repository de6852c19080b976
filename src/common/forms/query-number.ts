import * as z from "zod/mini";

/** A whole number from JSON (tRPC) or from a query string (REST), with a default when absent or blank. */
export const queryWholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.pipe(
    z.transform((value: unknown): unknown => (value === "" || value === null ? undefined : value)),
    z._default(
      z.coerce
        .number<unknown>({ error: `${label} must be a whole number` })
        .check(
          z.int(`${label} must be a whole number`),
          z.minimum(min, `${label} must be at least ${min}`),
          z.maximum(max, `${label} must be at most ${max}`),
        ),
      fallback,
    ),
  );
