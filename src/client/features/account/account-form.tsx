import { useState, type FormEvent, type ReactNode } from "react";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormFields } from "#client/lib/use-form-fields.ts";
import { validate, type Schema } from "#client/lib/validation.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { PasswordInput } from "#client/ui/password-input.tsx";

export type AccountField<F extends string> = {
  name: F;
  label: string;
  kind: "name" | "email" | "current-password" | "new-password";
  hint?: ReactNode;
};

export type AccountFormProps<F extends string> = {
  fields: readonly AccountField<F>[];
  initial: Record<F, string>;
  /** The procedure's own schema (common/account/input.ts): the form refuses what the server would. */
  schema: Schema;
  /** Checks only the form has (a password typed twice): field errors, or nothing. */
  extraCheck?: (values: Record<F, string>) => Partial<Record<F, string>>;
  submitLabel: string;
  /** Calls the procedure; answers the success message to show. Rejects with the server's refusal. */
  onSubmit: (values: Record<F, string>) => Promise<string>;
  /** Empties these fields after a success (passwords). */
  clearOnSuccess?: readonly F[];
  destructive?: boolean;
};

const TEXTS = { fallback: "Something went wrong. Please try again.", network: "Network error. Please try again." };

/** One form of the account page: its fields checked with the shared schema, then the procedure, then what happened. */
export function AccountForm<F extends string>({
  fields,
  initial,
  schema,
  extraCheck,
  submitLabel,
  onSubmit,
  clearOnSuccess = [],
  destructive = false,
}: AccountFormProps<F>) {
  const order = fields.map((field) => field.name);
  const { values, fieldErrors, update, showErrors } = useFormFields(initial, order);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    const checked = validate(schema, values);
    const errors = { ...(checked.ok ? {} : checked.fieldErrors), ...extraCheck?.(values) } as Partial<Record<F, string>>;
    if (Object.values(errors).some(Boolean)) return showErrors(form, errors);
    setPending(true);
    try {
      const message = await onSubmit(values);
      setOutcome({ ok: true, message });
      for (const name of clearOnSuccess) update(name)({ target: { value: "" } });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, TEXTS) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {fields.map((field) => (
        <Field key={field.name} label={field.label} error={fieldErrors[field.name] ?? null} hint={field.hint}>
          {inputOf(field, values[field.name], update(field.name))}
        </Field>
      ))}
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.message}</Alert> : null}
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "primary"} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function inputOf<F extends string>(field: AccountField<F>, value: string, onChange: (event: { target: { value: string } }) => void) {
  const common = { name: field.name, value, onChange };
  switch (field.kind) {
    case "email":
      return <EmailInput {...common} />;
    case "current-password":
      return <PasswordInput {...common} autoComplete="current-password" />;
    case "new-password":
      return <PasswordInput {...common} autoComplete="new-password" />;
    default:
      return <Input {...common} autoComplete="name" />;
  }
}
