import { useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import type { SessionUser } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { PostForm } from "#client/ui/post-form.tsx";
import { AuthCard } from "./auth-card";

const codeStepSchema = lazySchema(() => import("#common/second-factors/input.ts").then((m) => m.loginSecondFactorInput));

export type CodeStepFormProps = {
  challenge: string;
  /** The page the form posts to without scripts (the sign-in page it belongs to). */
  action: string;
  callback: string | null;
  onSuccess: (user: SessionUser) => void;
  /** Back to the password step (the challenge expired, or another account). */
  onRestart: () => void;
};

/**
 * The second step of signing in to an account with two-factor codes: a code from the authenticator app, or one
 * of the recovery codes. Without scripts it posts to the sign-in page with the challenge in a hidden field.
 */
export function CodeStepForm({ challenge, action, callback, onSuccess, onRestart }: CodeStepFormProps) {
  const { loginSecondFactor } = useAuth();
  const returned = useFormReturn();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(returned?.fieldErrors?.code ?? null);
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useTypedBeforeHydration((typed) => {
    const value = typed.get("code");
    if (typeof value === "string" && value) setCode(value);
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    setCodeError(null);
    setSubmitting(true);
    try {
      const checked = await codeStepSchema.validate({ challenge, code });
      if (!checked.ok) {
        setCodeError(checked.fieldErrors.code ?? null);
        if (checked.fieldErrors.challenge) setFormError(checked.fieldErrors.challenge);
        setSubmitting(false);
        return;
      }
      onSuccess(await loginSecondFactor(checked.data));
    } catch (error) {
      setFormError(errorMessage(error, { fallback: "Sign-in failed", network: "Network error" }));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Two-factor code"
      description="Enter the six-digit code from your authenticator app, or one of your recovery codes."
      icon={<ShieldCheck />}
    >
      <PostForm
        ref={formRef}
        action={action}
        onSubmit={(event) => void submit(event)}
        onFocus={codeStepSchema.preload}
        className="flex flex-col gap-5"
        busy={submitting}
      >
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <input type="hidden" name="challenge" value={challenge} />
        {callback ? <input type="hidden" name="callback" value={callback} /> : null}
        <Field label="Code" error={codeError}>
          <Input
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Verify
        </Button>
        {/* Without scripts, the page itself (the password step); with them, the same step without reloading. */}
        <Button asChild variant="ghost">
          <a
            href={action}
            onClick={(event) => {
              event.preventDefault();
              onRestart();
            }}
          >
            Start again
          </a>
        </Button>
      </PostForm>
    </AuthCard>
  );
}
