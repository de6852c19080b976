import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { waitlistJoinInput, waitlistUnsubscribeInput } from "#common/waitlist/input.ts";
import type { AppDeps } from "#server/deps.ts";
import { parseForm, textField, type FormPosts } from "#server/features/ssr/index.ts";
import { joinWaitlist } from "./service";
import { unsubscribeByLink } from "./unsubscribe";

/**
 * The landing page's waitlist form and the unsubscribe page's confirmation, posted without scripts:
 * waitlist.join's and waitlist.unsubscribe's services, schemas and budgets.
 */
export function waitlistFormPosts(deps: AppDeps): FormPosts {
  const { db } = deps.database;
  return {
    [PUBLIC_PAGES.landing]: {
      lists: ["interests"],
      keep: ["email", "name", "interests", "source", "utm_source", "utm_campaign"],
      async submit(fields, { request }) {
        const input = parseForm(waitlistJoinInput, fields);
        const joined = await joinWaitlist({ db, geo: deps.geo, logger: deps.logger, rateLimits: deps.rateLimits }, input, {
          ip: request.ip,
          headers: request.headers,
        });
        // The success card stands where the form was, at the foot of the page.
        return { redirect: "/#waitlist", result: { ...joined, email: input.email } };
      },
    },

    [PUBLIC_PAGES.unsubscribe]: {
      keep: [],
      async submit(fields, { request }) {
        const { token } = parseForm(waitlistUnsubscribeInput, { token: textField(fields, "token") });
        const services = { db, rateLimits: deps.rateLimits, configuredSecret: deps.config.unsubscribeSecret };
        return { redirect: PUBLIC_PAGES.unsubscribe, result: await unsubscribeByLink(services, token, request.ip) };
      },
    },
  };
}
