import { useState, type FormEvent } from "react";
import { KeyRound, MailCheck } from "lucide-react";
import { returnedText } from "#common/forms/form-post.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput } from "#client/ui/input.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "./auth-card";
import { PostForm } from "#client/ui/post-form.tsx";

const resetRequestSchema = lazySchema(() => import("#common/auth/input.ts").then((m) => m.passwordResetRequestInput));

export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const returned = useFormReturn<{ email: string }>();
  const [email, setEmail] = useState(returnedText(returned, "email"));
  const [fieldError, setFieldError] = useState<string | null>(returned?.fieldErrors?.email ?? null);
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [sentTo, setSentTo] = useState<string | null>(returned?.result?.email ?? null);
  const formRef = useTypedBeforeHydration((typed) => {
    const value = typed.get("email");
    if (typeof value === "string" && value) setEmail(value);
  });

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
      setFormError(errorMessage(error, { fallback: "Failed to send reset email", network: "Network error. Please try again." }));
    }
  };

  if (sentTo) {
    return (
      <>
        <title>Check Your Email · The $100 Lab</title>
        <AuthCard title="Check Your Email" icon={<MailCheck />} footer={<TextLink to="/login">Back to login</TextLink>}>
          <div className="flex flex-col gap-4 text-base" role="status">
            <p>
              If an account exists for <strong className="font-semibold break-all">{sentTo}</strong>, we&apos;ve sent instructions to reset
              your password.
            </p>
            <p className="text-sm text-ink-muted">The link is valid for 1 hour. If you don&apos;t see the email, check your spam folder.</p>
            <Button asChild variant="outline" className="self-start">
              <a
                href={PUBLIC_PAGES.forgotPassword}
                onClick={(event) => {
                  event.preventDefault();
                  setSentTo(null);
                  request.reset();
                }}
              >
                Use a different email
              </a>
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
        <PostForm
          ref={formRef}
          action={PUBLIC_PAGES.forgotPassword}
          onSubmit={(event) => void submit(event)}
          onFocus={resetRequestSchema.preload}
          className="flex flex-col gap-5"
          busy={request.isPending}
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
        </PostForm>
      </AuthCard>
    </>
  );
}
