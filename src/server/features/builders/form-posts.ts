import { builderSubmitInput } from "#common/builders/input.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { resolveRequestAuth } from "#server/auth/request-auth.ts";
import type { AppDeps } from "#server/deps.ts";
import { parseForm, type FormPosts } from "#server/features/ssr/index.ts";
import { submitBuilder } from "./service";

/** Fields of the join form typed back after a refusal (all of them: nothing secret). */
const JOIN_FIELDS = [
  "name",
  "email",
  "title",
  "bio",
  "location",
  "twitterHandle",
  "websiteUrl",
  "linkedinUrl",
  "currentProject",
  "tags",
  "avatarUrl",
];

/** The /builders join form, posted without scripts: builders.submit's service, schema and budget. */
export function buildersFormPosts(deps: AppDeps): FormPosts {
  const { db } = deps.database;
  return {
    [PUBLIC_PAGES.builders]: {
      lists: ["tags"],
      keep: JOIN_FIELDS,
      async submit(fields, { request, reply }) {
        const input = parseForm(builderSubmitInput, fields);
        const viewer = (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null;
        const { message } = await submitBuilder(
          { db, publicUrl: deps.config.publicUrl, rateLimits: deps.rateLimits },
          input,
          viewer,
          request.ip,
        );
        return { redirect: `${PUBLIC_PAGES.builders}#join-the-community`, result: { joined: { name: input.name, message } } };
      },
    },
  };
}
