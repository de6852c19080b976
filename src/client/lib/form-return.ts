import { useLayoutEffect, useRef, type RefObject } from "react";
import { useActionData } from "react-router";
import type { FormReturn } from "#common/forms/form-post.ts";

/**
 * What the server left for this page's form after a post without scripts (common/form-post.ts): the typed
 * values and errors of a refusal, or the result of a success. Undefined on any ordinary visit.
 */
export const useFormReturn = <Result = unknown>(): FormReturn<Result> | undefined => useActionData() as FormReturn<Result> | undefined;

/**
 * Takes over what a person typed into the server's HTML before the scripts ran (a password manager fills a
 * form at once): once hydrated, the form's state starts from the fields as they are, so a submit then sends
 * what is on screen. `adopt` gets the form's current data once, after the first render in the browser.
 *
 * A layout effect, not a passive one: React runs it, and the render its state update causes, in the task that
 * commits the hydration. A passive effect runs in a later task, and a submit (Enter) that the browser
 * delivers in between would send the first render's empty values: "Email address is required" beside a
 * filled-in email.
 */
export function useTypedBeforeHydration(adopt: (typed: FormData) => void): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const adoptOnce = useRef(adopt);
  useLayoutEffect(() => {
    if (form.current) adoptOnce.current(new FormData(form.current));
  }, []);
  return form;
}

/**
 * `current` with the texts typed into the fields `names` (an empty field keeps its value), for an `adopt` of
 * useTypedBeforeHydration. When none differs it returns `current` itself, so a visit where nothing was typed
 * renders the form once only in hydration.
 */
export function withTypedTexts<V extends Record<string, unknown>>(current: V, typed: FormData, names: readonly (keyof V & string)[]): V {
  const taken = names.filter((name) => {
    const value = typed.get(name);
    return typeof value === "string" && value !== "" && value !== current[name];
  });
  if (taken.length === 0) return current;
  return { ...current, ...Object.fromEntries(taken.map((name) => [name, typed.get(name)])) };
}
