import { homePathOf, passwordConfirmationError, type SessionUser } from "#common/auth/accounts.ts";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "#common/auth/input.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { sameSitePath } from "#common/pages/same-site-path.ts";
import { parseForm, textField, type FormFields, type FormPost, type FormPosts } from "#server/features/ssr/index.ts";

/**
 * The account pages' forms, posted without scripts: they call auth.* like the page's script and /api/auth/*
 * (same schemas, budgets, session cookie and messages). A sign-in goes on to the `callback` path when it is
 * one of this site's.
 */
export function authFormPosts(): FormPosts {
  const callbackOf = (fields: FormFields) => sameSitePath(textField(fields, "callback"));

  const signIn = (destination: (user: SessionUser, callback: string | null) => string): FormPost => ({
    keep: ["email", "callback"],
    async submit(fields, { api }) {
      const credentials = { email: textField(fields, "email"), password: textField(fields, "password") };
      parseForm(loginInput, credentials);
      const { user } = await api.auth.login(credentials);
      return { redirect: destination(user, callbackOf(fields)) };
    },
  });

  return {
    [PUBLIC_PAGES.login]: signIn((user, callback) => callback ?? homePathOf(user.role)),
    // The System Login always opens the daily plan (whose gate tells a member they are no admin).
    [PUBLIC_PAGES.systemLogin]: signIn(() => "/today"),

    [PUBLIC_PAGES.signup]: {
      keep: ["name", "email", "callback"],
      async submit(fields, { api }) {
        const passwords = { password: textField(fields, "password"), confirmPassword: textField(fields, "confirmPassword") };
        const account = { name: textField(fields, "name"), email: textField(fields, "email"), password: passwords.password };
        parseForm(signupInput, account, { confirmPassword: passwordConfirmationError(passwords) });
        await api.auth.signup(account);
        return { redirect: callbackOf(fields) ?? "/" };
      },
    },

    [PUBLIC_PAGES.forgotPassword]: {
      keep: ["email"],
      async submit(fields, { api }) {
        const request = { email: textField(fields, "email") };
        const { email } = parseForm(passwordResetRequestInput, request);
        const answer = await api.auth.requestPasswordReset(request);
        return { redirect: PUBLIC_PAGES.forgotPassword, result: { ...answer, email } };
      },
    },

    // The reset link's token comes back in a hidden field, and the form posts to the link's own address, so
    // that a refusal renders the same form again.
    [PUBLIC_PAGES.resetPassword]: {
      keep: [],
      async submit(fields, { api }) {
        const passwords = { password: textField(fields, "password"), confirmPassword: textField(fields, "confirmPassword") };
        const reset = { token: textField(fields, "token"), password: passwords.password };
        parseForm(passwordResetConfirmInput, reset, { confirmPassword: passwordConfirmationError(passwords) });
        await api.auth.confirmPasswordReset(reset);
        return { redirect: PUBLIC_PAGES.resetPassword, result: { reset: true } };
      },
    },
  };
}
