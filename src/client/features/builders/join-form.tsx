import { useEffect, useRef, useState, type FormEvent } from "react";
import { builderSubmitInput } from "../../../common/builders-input";
import { useAuth } from "../../lib/auth";
import { errorMessage, firstIssueByField } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { EmailInput } from "../../ui/input";
import { EMPTY_PROFILE, focusFirstError, FORM_ERROR_TEXTS, ProfileFields, type FieldErrors, type ProfileValues } from "./profile-fields";

type JoinValues = ProfileValues & { email: string };

export type JoinFormProps = {
  /** Called with the submitted name once the server has created the (pending) profile. */
  onJoined: (joined: { name: string }) => void;
};

/**
 * The Builder join form: idle, loading, success, error (spec section 4). Name and email are
 * required; the same zod schema as the server checks everything before the call.
 */
export function JoinForm({ onJoined }: JoinFormProps) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const submitMutation = trpc.builders.submit.useMutation();
  // A signed-in member most likely joins with their own account: start from their name and email.
  const [values, setValues] = useState<JoinValues>(() => ({ ...EMPTY_PROFILE, name: user?.name ?? "", email: user?.email ?? "" }));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  // The form mounts when the person opens the panel (it loads lazily): start them in the first field.
  useEffect(() => formRef.current?.querySelector("input")?.focus({ preventScroll: true }), []);

  const loading = submitMutation.isPending;
  const canSubmit = values.name.trim().length > 0 && values.email.trim().length > 0 && !loading;

  const change = (name: keyof JoinValues, value: JoinValues[keyof JoinValues]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const form = event.currentTarget;
    setFormError(null);
    const parsed = builderSubmitInput.safeParse(values);
    if (!parsed.success) {
      const errors = firstIssueByField(parsed.error);
      setFieldErrors(errors);
      focusFirstError(form, errors);
      return;
    }
    try {
      await submitMutation.mutateAsync(parsed.data);
      // The new profile is pending, but reload the directory so it is current.
      void utils.builders.list.invalidate();
      onJoined({ name: parsed.data.name });
    } catch (error) {
      setFormError(errorMessage(error, FORM_ERROR_TEXTS));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-busy={loading} className="flex flex-col gap-6">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <ProfileFields
        idPrefix="join"
        values={values}
        errors={fieldErrors}
        onChange={change}
        afterName={
          <Field label="Email" error={fieldErrors.email} id="join-email" hint="Never shown publicly.">
            <EmailInput
              required
              value={values.email}
              onChange={(event) => change("email", event.target.value)}
            />
          </Field>
        }
      />
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">New profiles are reviewed before they appear in the directory.</p>
        <Button type="submit" size="lg" loading={loading} disabled={!canSubmit} className="sm:min-w-44">
          Submit Profile
        </Button>
      </div>
    </form>
  );
}
