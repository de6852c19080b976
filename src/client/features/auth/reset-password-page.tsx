import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { CheckCircle2, KeyRound, Link2Off } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "../../../common/auth";
import { errorMessage } from "../../lib/errors";
import { lazySchema } from "../../lib/lazy-schema";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { PasswordInput } from "../../ui/password-input";
import { TextLink } from "../../ui/text-link";
import { AuthCard } from "./auth-card";

const FIELDS = ["password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  if (!token) return <MissingToken />;
  return <ResetPasswordForm token={token} />;
}

function MissingToken() {
  return (
    <>
      <title>Reset link incomplete · The $100 Lab</title>
      <AuthCard
        title="This reset link is incomplete"
        description="The link you followed has no reset token. Use the full link from the email, or ask for a new one."
        icon={<Link2Off />}
        footer={<TextLink to="/login">Back to login</TextLink>}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Request a new reset link</Link>
        </Button>
      </AuthCard>
    </>
  );
}

const resetConfirmSchema = lazySchema(() => import("../../../common/auth-input").then((m) => m.passwordResetConfirmInput));

function ResetPasswordForm({ token }: { token: string }) {
  const confirm = trpc.auth.confirmPasswordReset.useMutation();
  const [values, setValues] = useState<Record<FieldName, string>>({ password: "", confirmPassword: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const update = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    try {
      const checked = await resetConfirmSchema.validate({ token, password: values.password });
      const errors: Partial<Record<FieldName, string>> = {};
      if (!checked.ok) {
        if (checked.fieldErrors.password) errors.password = checked.fieldErrors.password;
        if (checked.fieldErrors.token) setFormError(checked.fieldErrors.token);
      }
      if (values.confirmPassword.length === 0) errors.confirmPassword = "Please confirm your password";
      else if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords do not match";
      const first = FIELDS.find((name) => errors[name]);
      if (!checked.ok || first) {
        setFieldErrors(errors);
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
        return;
      }
      await confirm.mutateAsync(checked.data);
      setDone(true);
    } catch (error) {
      setFormError(
        errorMessage(error, { fallback: "Failed to reset password", network: "Network error. Please try again." }),
      );
    }
  };

  if (done) {
    return (
      <>
        <title>Password updated · The $100 Lab</title>
        <AuthCard
          title="Password updated"
          description="Your password has been changed. Sign in with your new password."
          icon={<CheckCircle2 />}
        >
          <Button asChild size="lg" className="w-full">
            <Link to="/login" replace>
              Sign In
            </Link>
          </Button>
        </AuthCard>
      </>
    );
  }

  return (
    <>
      <title>Choose a new password · The $100 Lab</title>
      <AuthCard
        title="Choose a new password"
        description="Reset links are valid for 1 hour and work once."
        icon={<KeyRound />}
        footer={<TextLink to="/forgot-password">Need a new link?</TextLink>}
      >
        <form noValidate onSubmit={(event) => void submit(event)} onFocus={resetConfirmSchema.preload} className="flex flex-col gap-5" aria-busy={confirm.isPending}>
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <Field label="New Password" error={fieldErrors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              required
              value={values.password}
              onChange={update("password")}
            />
          </Field>
          <Field label="Confirm New Password" error={fieldErrors.confirmPassword}>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={update("confirmPassword")}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={confirm.isPending}>
            Reset Password
          </Button>
        </form>
      </AuthCard>
    </>
  );
}
