import { useState } from "react";
import { withTypedTexts } from "./form-return";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The text fields of a form, their error messages, and the change handler that clears a field's error as
 * the person types. `showErrors` displays a set of errors and focuses the first field (in `order`) that has one.
 * `initialErrors` are the errors the server rendered the page with (a post without scripts that it refused);
 * `adopt` takes over what was typed into the fields before the scripts ran (see useTypedBeforeHydration).
 */
export function useFormFields<F extends string>(initial: Record<F, string>, order: readonly F[], initialErrors: FieldErrors<F> = {}) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>(initialErrors);

  const update = (name: F) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (form: HTMLFormElement, errors: FieldErrors<F>) => {
    setFieldErrors(errors);
    const first = order.find((name) => errors[name]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  const adopt = (typed: FormData) => setValues((current) => withTypedTexts(current, typed, order));

  return { values, fieldErrors, update, showErrors, adopt };
}
