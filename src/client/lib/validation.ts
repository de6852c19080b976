import type { $ZodError, $ZodType, output } from "zod/v4/core";
import { firstIssueByField } from "#common/forms/field-issues.ts";

/** A zod/mini schema: its own safeParse, so this module never imports zod's code. */
export type Schema = $ZodType & { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: $ZodError } };

export type Validation<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string>; firstMessage: string };

/** A form's values checked with a shared schema: the parsed data, or the first message per field. */
export function validate<S extends Schema>(schema: S, values: unknown): Validation<output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as output<S> };
  return { ok: false, fieldErrors: firstIssueByField(parsed.error), firstMessage: parsed.error.issues[0]?.message ?? "" };
}

/**
 * A form's shared zod schema (common/*-input.ts), fetched on first use instead of with the page: zod costs
 * about 9 KB of gzipped JS, more than the public pages' budget leaves (scripts/report-bundle.ts). Forms call
 * `preload` on first focus, so by the time they submit the chunk is there. `validate` rejects when the chunk
 * cannot be fetched (a TypeError, which lib/errors reports as a network error).
 *
 *   const loginSchema = lazySchema(() => import("#common/auth/input.ts").then((m) => m.loginInput));
 */
export function lazySchema<S extends Schema>(load: () => Promise<S>) {
  let loading: Promise<S> | undefined;
  const schema = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // try again on the next submit
      throw error;
    }));
  return {
    preload: (): void => void schema().catch(() => undefined),
    validate: async (values: unknown): Promise<Validation<output<S>>> => validate(await schema(), values),
  };
}
