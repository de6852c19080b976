import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { CheckCircle2, KeyRound, Link2Off } from "lucide-react";
import { passwordConfirmationError } from "#common/auth/accounts.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { useFormFields, type FieldErrors } from "#client/lib/use-form-fields.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "./auth-card";
import { NewPasswordFields } from "./new-password-fields";
import { PostForm } from "#client/ui/post-form.tsx";

const FIELDS = ["password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const returned = useFormReturn<{ reset: true }>();
  const token = params.get("token")?.trim() ?? "";
  if (returned?.result?.reset) return <PasswordUpdated />;
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

const resetConfirmSchema = lazySchema(() => import("#common/auth/input.ts").then((m) => m.passwordResetConfirmInput));

function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.auth.confirmPasswordReset.mutationOptions());
  const returned = useFormReturn();
  const { values, fieldErrors, update, showErrors, adopt } = useFormFields<FieldName>(
    { password: "", confirmPassword: "" },
    FIELDS,
    returned?.fieldErrors,
  );
  const formRef = useTypedBeforeHydration(adopt);
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    try {
      const checked = await resetConfirmSchema.validate({ token, password: values.password });
      const errors: FieldErrors<FieldName> = { confirmPassword: passwordConfirmationError(values) };
      if (!checked.ok) {
        errors.password = checked.fieldErrors.password;
        if (checked.fieldErrors.token) setFormError(checked.fieldErrors.token);
      }
      if (!checked.ok || errors.confirmPassword) {
        showErrors(form, errors);
        return;
      }
      await confirm.mutateAsync(checked.data);
      setDone(true);
    } catch (error) {
      setFormError(errorMessage(error, { fallback: "Failed to reset password", network: "Network error. Please try again." }));
    }
  };

  if (done) return <PasswordUpdated />;

  return (
    <>
      <title>Choose a new password · The $100 Lab</title>
      <AuthCard
        title="Choose a new password"
        description="Reset links are valid for 1 hour and work once."
        icon={<KeyRound />}
        footer={<TextLink to="/forgot-password">Need a new link?</TextLink>}
      >
        <PostForm
          ref={formRef}
          // Back to the link's own address, so that a refusal shows this form again.
          action={`${PUBLIC_PAGES.resetPassword}?token=${encodeURIComponent(token)}`}
          onSubmit={(event) => void submit(event)}
          onFocus={resetConfirmSchema.preload}
          className="flex flex-col gap-5"
          busy={confirm.isPending}
        >
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            labels={{ password: "New Password", confirmPassword: "Confirm New Password" }}
            values={values}
            errors={fieldErrors}
            onChange={update}
          />
          <Button type="submit" size="lg" className="w-full" loading={confirm.isPending}>
            Reset Password
          </Button>
        </PostForm>
      </AuthCard>
    </>
  );
}

function PasswordUpdated() {
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
