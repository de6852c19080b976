import { homePathOf, passwordConfirmationError, type SessionUser } from "#common/auth/accounts.ts";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "#common/auth/input.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { loginSecondFactorInput } from "#common/second-factors/input.ts";
import type { LoginCodeStep } from "#common/second-factors/second-factors.ts";
import { sameSitePath } from "#common/pages/same-site-path.ts";
import { parseForm, textField, type FormFields, type FormPost, type FormPosts } from "#server/features/ssr/index.ts";

/**
 * The account pages' forms, posted without scripts: they call auth.* like the page's script and /api/auth/*
 * (same schemas, budgets, session cookie and messages). A sign-in goes on to the `callback` path when it is
 * one of this site's.
 */
const withCallbackQuery = (page: string, callback: string) => `${page}?callback=${encodeURIComponent(callback)}`;

export function authFormPosts(): FormPosts {
  const callbackOf = (fields: FormFields) => sameSitePath(textField(fields, "callback"));

  /**
   * The sign-in form, and its code step when the account has two-factor codes: the password step answers with
   * the same page showing the code field, the challenge carried in a hidden field (as the page's script keeps
   * it in memory). It is kept across a wrong code so the person can try again; it is worth nothing without a
   * code, works once and ends within five minutes.
   */
  const signIn = (page: string, destination: (user: SessionUser, callback: string | null) => string): FormPost => ({
    keep: ["email", "callback", "challenge"],
    async submit(fields, { api }) {
      const callback = callbackOf(fields);
      const challenge = textField(fields, "challenge");
      if (challenge) {
        const step = { challenge, code: textField(fields, "code") };
        parseForm(loginSecondFactorInput, step);
        const { user } = await api.auth.loginSecondFactor(step);
        return { redirect: destination(user, callback) };
      }
      const credentials = { email: textField(fields, "email"), password: textField(fields, "password") };
      parseForm(loginInput, credentials);
      const outcome = await api.auth.login(credentials);
      if ("twoFactorRequired" in outcome) {
        const codeStep: LoginCodeStep = { ...outcome, email: credentials.email, callback };
        return { redirect: callback ? withCallbackQuery(page, callback) : page, result: codeStep };
      }
      return { redirect: destination(outcome.user, callback) };
    },
  });

  return {
    [PUBLIC_PAGES.login]: signIn(PUBLIC_PAGES.login, (user, callback) => callback ?? homePathOf(user.role)),
    // The System Login always opens the daily plan (whose gate tells a member they are no admin).
    [PUBLIC_PAGES.systemLogin]: signIn(PUBLIC_PAGES.systemLogin, () => "/today"),

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
