import type * as z from "zod/mini";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import {
  waitlistConfirmInput,
  waitlistJoinInput,
  waitlistManageInput,
  waitlistResendInput,
  waitlistUnsubscribeInput,
} from "#common/waitlist/input.ts";
import { parseForm, textField, type FormPosts } from "#server/features/ssr/index.ts";
import { MANAGE_DELETE_CONFIRM_FIELD, MANAGE_DELETE_UNCONFIRMED, RESEND_INTENT } from "#common/waitlist/waitlist.ts";
import { invalid } from "#server/infra/errors.ts";

/**
 * The landing page's waitlist form and the unsubscribe page's confirmation, posted without scripts: they call
 * waitlist.join and waitlist.unsubscribe like the pages' scripts (same schemas, budgets and answers).
 */
export function waitlistFormPosts(): FormPosts {
  return {
    [PUBLIC_PAGES.landing]: {
      lists: ["interests"],
      keep: ["email", "name", "interests", "source", "utm_source", "utm_campaign", "ref"],
      async submit(fields, { api }) {
        if (textField(fields, "intent") === RESEND_INTENT) {
          // The success card's "Resend the link": the card shows again (a repeat join changes nothing) with the answer.
          const { email } = parseForm(waitlistResendInput, { email: textField(fields, "email") });
          const { message } = await api.waitlist.resendConfirmation({ email });
          return { redirect: "/#waitlist", result: { ...(await api.waitlist.join({ email })), email, resent: message } };
        }
        // The schema reads the form's fields as they came (it refused them already if they were wrong).
        const { email } = parseForm(waitlistJoinInput, fields);
        const joined = await api.waitlist.join(fields as z.input<typeof waitlistJoinInput>);
        // The success card stands where the form was, at the foot of the page.
        return { redirect: "/#waitlist", result: { ...joined, email } };
      },
    },

    [PUBLIC_PAGES.waitlistConfirm]: {
      keep: [],
      async submit(fields, { api }) {
        const request = parseForm(waitlistConfirmInput, { token: textField(fields, "token") });
        // The answer shows on the page without the token in its address.
        return { redirect: PUBLIC_PAGES.waitlistConfirm, result: await api.waitlist.confirm(request) };
      },
    },

    [PUBLIC_PAGES.waitlistManage]: {
      keep: [],
      async submit(fields, { api }) {
        const request = parseForm(waitlistManageInput, { token: textField(fields, "token") });
        // The box the scripted page also asks for; a browser without `required` support may still send the form.
        if (textField(fields, MANAGE_DELETE_CONFIRM_FIELD) !== "yes") throw invalid(MANAGE_DELETE_UNCONFIRMED);
        return { redirect: PUBLIC_PAGES.waitlistManage, result: await api.waitlist.deleteMe(request) };
      },
    },

    [PUBLIC_PAGES.unsubscribe]: {
      keep: [],
      async submit(fields, { api }) {
        const request = { token: textField(fields, "token") };
        parseForm(waitlistUnsubscribeInput, request);
        return { redirect: PUBLIC_PAGES.unsubscribe, result: await api.waitlist.unsubscribe(request) };
      },
    },
  };
}
