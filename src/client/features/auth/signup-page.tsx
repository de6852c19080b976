import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { PartyPopper, UserPlus } from "lucide-react";
import { passwordConfirmationError, SIGNUP_AUTO_LOGIN_DELAY_MS } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { returnedText } from "#common/forms/form-post.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { useFormFields, type FieldErrors } from "#client/lib/use-form-fields.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "./auth-card";
import { NewPasswordFields } from "./new-password-fields";
import { withCallback } from "./safe-callback";
import { useCallbackParam } from "./use-callback-param";
import { PostForm } from "#client/ui/post-form.tsx";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const EMPTY: Values = { name: "", email: "", password: "", confirmPassword: "" };

const signupSchema = lazySchema(() => import("#common/auth/input.ts").then((m) => m.signupInput));

/** Same schema as the server, plus the confirmation that only the form knows about. */
async function validate(values: Values) {
  const checked = await signupSchema.validate({ name: values.name, email: values.email, password: values.password });
  const errors: FieldErrors<FieldName> = { ...(checked.ok ? {} : checked.fieldErrors), confirmPassword: passwordConfirmationError(values) };
  const hasErrors = FIELDS.some((name) => errors[name]);
  return { data: checked.ok && !hasErrors ? checked.data : null, errors };
}

export function SignupPage() {
  const callback = useCallbackParam();
  const { signup } = useAuth();
  const returned = useFormReturn();
  const { values, fieldErrors, update, showErrors, adopt } = useFormFields<FieldName>(
    { ...EMPTY, name: returnedText(returned, "name"), email: returnedText(returned, "email") },
    FIELDS,
    returned?.fieldErrors,
  );
  const formRef = useTypedBeforeHydration(adopt);
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<{ name: string; email: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setFormError(null);
    setSubmitting(true);
    try {
      const { data, errors } = await validate(values);
      if (!data) {
        showErrors(form, errors);
        setSubmitting(false);
        return;
      }
      const user = await signup(data);
      setCreated({ name: user.name, email: user.email });
    } catch (error) {
      setFormError(errorMessage(error, { fallback: "Signup failed", network: "Network error. Please try again." }));
      setSubmitting(false);
    }
  };

  if (created) return <AccountCreated name={created.name} email={created.email} callback={callback} />;

  return (
    <>
      <title>Create your account · The $100 Lab</title>
      <AuthCard
        title="Create your account"
        description="Join The $100 Lab and follow real $100 experiments."
        icon={<UserPlus />}
        footer={
          <p>
            Already have an account? <TextLink to={withCallback("/login", callback)}>Sign in</TextLink>
          </p>
        }
      >
        <PostForm
          ref={formRef}
          action={PUBLIC_PAGES.signup}
          onSubmit={(event) => void submit(event)}
          onFocus={signupSchema.preload}
          className="flex flex-col gap-5"
          busy={submitting}
        >
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          {callback ? <input type="hidden" name="callback" value={callback} /> : null}
          <Field label="Full Name" error={fieldErrors.name}>
            <Input name="name" autoComplete="name" required value={values.name} onChange={update("name")} />
          </Field>
          <Field label="Email Address" error={fieldErrors.email}>
            <EmailInput required value={values.email} onChange={update("email")} />
          </Field>
          <NewPasswordFields
            labels={{ password: "Password", confirmPassword: "Confirm Password" }}
            values={values}
            errors={fieldErrors}
            onChange={update}
          />
          <p className="text-sm text-ink-muted">
            By creating an account you agree to the <TextLink to="/terms">Terms of Service</TextLink> and the{" "}
            <TextLink to="/privacy">Privacy Policy</TextLink>.
          </p>
          <Button type="submit" size="lg" className="w-full" loading={submitting}>
            Create Account
          </Button>
        </PostForm>
      </AuthCard>
    </>
  );
}

/**
 * The success screen. The sign-up call already set the session cookie; after SIGNUP_AUTO_LOGIN_DELAY_MS this
 * asks the server who is signed in ("auto-login") and goes on, or falls back to /login.
 */
function AccountCreated({ name, email, callback }: { name: string; email: string; callback: string | null }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const loginPath = withCallback("/login", callback);

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      refresh()
        .then((user) => {
          if (!cancelled) void navigate(user ? (callback ?? "/") : loginPath, { replace: true });
        })
        .catch(() => {
          if (!cancelled) void navigate(loginPath, { replace: true });
        });
    }, SIGNUP_AUTO_LOGIN_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [refresh, navigate, callback, loginPath]);

  return (
    <>
      <title>Account Created! · The $100 Lab</title>
      <AuthCard title="Account Created!" icon={<PartyPopper />}>
        <div className="flex flex-col gap-5">
          <p className="text-base">
            Welcome, <strong className="font-semibold break-words">{name}</strong>. Your account for{" "}
            <strong className="font-semibold break-all">{email}</strong> is ready.
          </p>
          <p className="flex items-center gap-3 rounded-control bg-sunken p-4 text-sm font-medium" role="status">
            <Spinner size="sm" label={null} />
            Logging you in automatically...
          </p>
          <p className="text-center text-sm">
            <TextLink to={loginPath}>Take me to login instead</TextLink>
          </p>
        </div>
      </AuthCard>
    </>
  );
}
