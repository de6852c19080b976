import { homePathOf, passwordConfirmationError, type SessionUser } from "#common/auth/accounts.ts";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "#common/auth/input.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { sameSitePath } from "#common/pages/same-site-path.ts";
import { setSessionCookie } from "#server/auth/request-auth.ts";
import type { AppDeps } from "#server/deps.ts";
import { parseForm, textField, type FormCaller, type FormFields, type FormPost, type FormPosts } from "#server/features/ssr/index.ts";
import * as auth from "./service";

/**
 * The account pages' forms, posted without scripts: the same services, schemas, budgets and messages as
 * auth.* (tRPC) and /api/auth/* (REST). A sign-in goes on to the `callback` path when it is one of this site's.
 */
export function authFormPosts(deps: AppDeps): FormPosts {
  const services = { db: deps.database.db, rateLimits: deps.rateLimits, publicUrl: deps.config.publicUrl };
  const startSession = ({ request, reply }: FormCaller, signedIn: auth.SignedIn) =>
    setSessionCookie(request, reply, deps.config, signedIn.token, signedIn.session.expiresAt);
  const callbackOf = (fields: FormFields) => sameSitePath(textField(fields, "callback"));

  const signIn = (destination: (user: SessionUser, callback: string | null) => string): FormPost => ({
    keep: ["email", "callback"],
    async submit(fields, caller) {
      const input = parseForm(loginInput, { email: textField(fields, "email"), password: textField(fields, "password") });
      const signedIn = await auth.login(services, input, caller.request.ip);
      startSession(caller, signedIn);
      return { redirect: destination(signedIn.user, callbackOf(fields)) };
    },
  });

  return {
    [PUBLIC_PAGES.login]: signIn((user, callback) => callback ?? homePathOf(user.role)),
    // The System Login always opens the daily plan (whose gate tells a member they are no admin).
    [PUBLIC_PAGES.systemLogin]: signIn(() => "/today"),

    [PUBLIC_PAGES.signup]: {
      keep: ["name", "email", "callback"],
      async submit(fields, caller) {
        const passwords = { password: textField(fields, "password"), confirmPassword: textField(fields, "confirmPassword") };
        const input = parseForm(
          signupInput,
          { name: textField(fields, "name"), email: textField(fields, "email"), password: passwords.password },
          { confirmPassword: passwordConfirmationError(passwords) },
        );
        startSession(caller, await auth.signup(services, input, caller.request.ip));
        return { redirect: callbackOf(fields) ?? "/" };
      },
    },

    [PUBLIC_PAGES.forgotPassword]: {
      keep: ["email"],
      async submit(fields, { request }) {
        const input = parseForm(passwordResetRequestInput, { email: textField(fields, "email") });
        const answer = await auth.requestPasswordReset(services, input, request.ip);
        return { redirect: PUBLIC_PAGES.forgotPassword, result: { ...answer, email: input.email } };
      },
    },

    // The reset link's token comes back in a hidden field, and the form posts to the link's own address, so
    // that a refusal renders the same form again.
    [PUBLIC_PAGES.resetPassword]: {
      keep: [],
      async submit(fields, { request }) {
        const passwords = { password: textField(fields, "password"), confirmPassword: textField(fields, "confirmPassword") };
        const input = parseForm(
          passwordResetConfirmInput,
          { token: textField(fields, "token"), password: passwords.password },
          { confirmPassword: passwordConfirmationError(passwords) },
        );
        await auth.confirmPasswordReset(services, input, request.ip);
        return { redirect: PUBLIC_PAGES.resetPassword, result: { reset: true } };
      },
    },
  };
}
