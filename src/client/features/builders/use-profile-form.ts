import { useState, type FormEvent } from "react";
import type { output } from "zod/v4/core";
import { errorMessage } from "#client/lib/errors.ts";
import { withTypedTexts } from "#client/lib/form-return.ts";
import { validate, type Schema } from "#client/lib/validation.ts";
import { focusFirstError, FORM_ERROR_TEXTS, type FieldErrors, type ProfileValues } from "./profile-fields";

export type ProfileFormOptions<V extends ProfileValues, S extends Schema> = {
  initial: V | (() => V);
  /** The shared schema the server checks the same call with. */
  schema: S;
  /** Whether the submit button is live (the required fields are filled). */
  ready: (values: V) => boolean;
  /** Sends the parsed values; a rejection shows the server's message above the form. */
  save: (data: output<S>) => Promise<void>;
  /** The errors the server rendered the page with (a post without scripts that it refused). */
  refused?: { fieldErrors?: FieldErrors; error?: string } | undefined;
};

/**
 * The state of a builder profile form (join, edit, an admin's add): values, per-field errors, the form's
 * error, and a submit that validates with the shared schema, focuses the first bad field, then saves.
 */
export function useProfileForm<V extends ProfileValues, S extends Schema>({
  initial,
  schema,
  ready,
  save,
  refused,
}: ProfileFormOptions<V, S>) {
  const [values, setValues] = useState<V>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(refused?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(refused?.error ?? null);
  const [saving, setSaving] = useState(false);
  // A photo on its way to the server: the profile waits for its URL.
  const [uploading, setUploading] = useState(false);
  const canSubmit = ready(values) && !saving && !uploading;

  const change = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const form = event.currentTarget;
    setFormError(null);
    const checked = validate(schema, values);
    if (!checked.ok) {
      setFieldErrors(checked.fieldErrors);
      focusFirstError(form, checked.fieldErrors);
      return;
    }
    setSaving(true);
    try {
      await save(checked.data);
    } catch (error) {
      setFormError(errorMessage(error, FORM_ERROR_TEXTS));
    } finally {
      setSaving(false);
    }
  };

  /** Takes over what was typed into the server's HTML before the scripts ran (see useTypedBeforeHydration). */
  const adopt = (typed: FormData) =>
    setValues((current) => {
      const texts = withTypedTexts(
        current,
        typed,
        (Object.keys(current) as Array<keyof V & string>).filter((name) => name !== "tags"),
      );
      // Tags ticked before the scripts ran replace the chosen ones; none ticked keeps them.
      const ticked = typed.getAll("tags") as V["tags"];
      if (ticked.length === 0 || ticked.join("\n") === current.tags.join("\n")) return texts;
      return { ...texts, tags: ticked };
    });

  return { values, fieldErrors, formError, saving, canSubmit, change, submit, setUploading, adopt };
}
