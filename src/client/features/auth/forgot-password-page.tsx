import { useState, type FormEvent } from "react";
import { KeyRound, MailCheck } from "lucide-react";
import { errorMessage } from "../../lib/errors";
import { lazySchema } from "../../lib/validation";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { EmailInput } from "../../ui/input";
import { TextLink } from "../../ui/text-link";
import { AuthCard } from "./auth-card";

const resetRequestSchema = lazySchema(() => import("../../../common/auth-input").then((m) => m.passwordResetRequestInput));

export function ForgotPasswordPage() {
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const form = event.currentTarget;
    setFormError(null);
    try {
      const checked = await resetRequestSchema.validate({ email });
      if (!checked.ok) {
        setFieldError(checked.fieldErrors.email ?? "Email address is required");
        (form.elements.namedItem("email") as HTMLElement | null)?.focus();
        return;
      }
      await request.mutateAsync(checked.data);
      setSentTo(checked.data.email);
    } catch (error) {
      setFormError(
        errorMessage(error, { fallback: "Failed to send reset email", network: "Network error. Please try again." }),
      );
    }
  };

  if (sentTo) {
    return (
      <>
        <title>Check Your Email · The $100 Lab</title>
        <AuthCard
          title="Check Your Email"
          icon={<MailCheck />}
          footer={<TextLink to="/login">Back to login</TextLink>}
        >
          <div className="flex flex-col gap-4 text-base" role="status">
            <p>
              If an account exists for <strong className="font-semibold break-all">{sentTo}</strong>, we&apos;ve sent
              instructions to reset your password.
            </p>
            <p className="text-sm text-ink-muted">
              The link is valid for 1 hour. If you don&apos;t see the email, check your spam folder.
            </p>
            <Button
              variant="outline"
              className="self-start"
              onClick={() => {
                setSentTo(null);
                request.reset();
              }}
            >
              Use a different email
            </Button>
          </div>
        </AuthCard>
      </>
    );
  }

  return (
    <>
      <title>Forgot password · The $100 Lab</title>
      <AuthCard
        title="Forgot your password?"
        description="Enter the email address of your account and we'll send you a link to reset your password."
        icon={<KeyRound />}
        footer={
          <p>
            Remembered it? <TextLink to="/login">Back to login</TextLink>
          </p>
        }
      >
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          onFocus={resetRequestSchema.preload}
          className="flex flex-col gap-5"
          aria-busy={request.isPending}
        >
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <Field label="Email Address" error={fieldError}>
            <EmailInput
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldError(null);
              }}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
            Send Reset Link
          </Button>
        </form>
      </AuthCard>
    </>
  );
}
