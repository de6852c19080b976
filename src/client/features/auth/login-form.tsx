import { useState, type FormEvent, type ReactNode } from "react";
import { LogIn } from "lucide-react";
import type { SessionUser } from "#common/auth/accounts.ts";
import type { LoginCodeStep } from "#common/second-factors/second-factors.ts";
import { returnedText } from "#common/forms/form-post.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { useFormFields } from "#client/lib/use-form-fields.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput } from "#client/ui/input.tsx";
import { PasswordInput } from "#client/ui/password-input.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "./auth-card";
import { withCallback } from "./safe-callback";
import { PostForm } from "#client/ui/post-form.tsx";
import { CodeStepForm } from "./code-step-form";
import { PasskeySignIn } from "./passkey-sign-in";

const FIELDS = ["email", "password"] as const;
type FieldName = (typeof FIELDS)[number];
const loginSchema = lazySchema(() => import("#common/auth/input.ts").then((m) => m.loginInput));

export type LoginFormProps = {
  /** Called with the signed-in user; the caller decides where to go. */
  onSuccess: (user: SessionUser) => void;
  title?: ReactNode;
  description?: ReactNode;
  /** Show "Forgot password?" and the sign-up link (off for the plain System Login). */
  showLinks?: boolean;
  /** A validated callback path: where to go after signing in, also carried over to the sign-up link. */
  callback?: string | null;
  /** The page the form posts to when scripts have not run: its own (/login, /system/admin). */
  action?: string;
  /** Shown above the form (AuthCard's notice). */
  notice?: ReactNode;
};

export function LoginForm({
  onSuccess,
  title = "Sign In",
  description = "Welcome back. Sign in to The $100 Lab.",
  showLinks = true,
  callback = null,
  action = PUBLIC_PAGES.login,
  notice,
}: LoginFormProps) {
  const { login } = useAuth();
  const returned = useFormReturn<LoginCodeStep>();
  // The code step: after a right password on an account with two-factor codes (a post without scripts leaves
  // its challenge as the result, or as a kept field after a wrong code).
  const [challenge, setChallenge] = useState<string | null>(returned?.result?.challenge ?? (returnedText(returned, "challenge") || null));
  const { values, fieldErrors, update, showErrors, adopt } = useFormFields<FieldName>(
    { email: returnedText(returned, "email"), password: "" },
    FIELDS,
    returned?.fieldErrors,
  );
  const formRef = useTypedBeforeHydration(adopt);
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setFormError(null);
    setSubmitting(true);
    try {
      const checked = await loginSchema.validate(values);
      if (!checked.ok) {
        showErrors(form, checked.fieldErrors);
        setSubmitting(false);
        return;
      }
      const outcome = await login(checked.data);
      if ("twoFactorRequired" in outcome) {
        setChallenge(outcome.challenge);
        setSubmitting(false);
        return;
      }
      onSuccess(outcome);
    } catch (error) {
      setFormError(errorMessage(error, { fallback: "Login failed", network: "Network error" }));
      setSubmitting(false);
    }
  };

  if (challenge) {
    const restart = () => {
      setChallenge(null);
      setFormError(null);
    };
    return <CodeStepForm challenge={challenge} action={action} callback={callback} onSuccess={onSuccess} onRestart={restart} />;
  }

  return (
    <AuthCard
      title={title}
      description={description}
      notice={notice}
      icon={<LogIn />}
      footer={
        showLinks ? (
          <p>
            Don&apos;t have an account? <TextLink to={withCallback("/signup", callback)}>Sign up</TextLink>
          </p>
        ) : undefined
      }
    >
      <PostForm
        ref={formRef}
        action={action}
        onSubmit={(event) => void submit(event)}
        onFocus={loginSchema.preload}
        className="flex flex-col gap-5"
        busy={submitting}
      >
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        {callback ? <input type="hidden" name="callback" value={callback} /> : null}
        <Field label="Email" error={fieldErrors.email}>
          <EmailInput autoComplete="username webauthn" required value={values.email} onChange={update("email")} />
        </Field>
        <Field
          label="Password"
          error={fieldErrors.password}
          labelAside={
            showLinks ? (
              <TextLink to="/forgot-password" className="text-sm">
                Forgot password?
              </TextLink>
            ) : undefined
          }
        >
          <PasswordInput name="password" autoComplete="current-password" required value={values.password} onChange={update("password")} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Sign In
        </Button>
      </PostForm>
      <div className="mt-5">
        <PasskeySignIn onSuccess={onSuccess} />
      </div>
    </AuthCard>
  );
}
