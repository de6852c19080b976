import type * as z from "zod/mini";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { waitlistJoinInput, waitlistUnsubscribeInput } from "#common/waitlist/input.ts";
import { parseForm, textField, type FormPosts } from "#server/features/ssr/index.ts";

/**
 * The landing page's waitlist form and the unsubscribe page's confirmation, posted without scripts: they call
 * waitlist.join and waitlist.unsubscribe like the pages' scripts (same schemas, budgets and answers).
 */
export function waitlistFormPosts(): FormPosts {
  return {
    [PUBLIC_PAGES.landing]: {
      lists: ["interests"],
      keep: ["email", "name", "interests", "source", "utm_source", "utm_campaign"],
      async submit(fields, { api }) {
        // The schema reads the form's fields as they came (it refused them already if they were wrong).
        const { email } = parseForm(waitlistJoinInput, fields);
        const joined = await api.waitlist.join(fields as z.input<typeof waitlistJoinInput>);
        // The success card stands where the form was, at the foot of the page.
        return { redirect: "/#waitlist", result: { ...joined, email } };
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
