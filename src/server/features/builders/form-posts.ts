import type * as z from "zod/mini";
import { builderSubmitInput } from "#common/builders/input.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { parseForm, type FormPosts } from "#server/features/ssr/index.ts";

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

/** The /builders join form, posted without scripts: it calls builders.submit like the page's script (same schema and budget). */
export function buildersFormPosts(): FormPosts {
  return {
    [PUBLIC_PAGES.builders]: {
      lists: ["tags"],
      keep: JOIN_FIELDS,
      async submit(fields, { api }) {
        // The schema reads the form's fields as they came (it refused them already if they were wrong).
        const input = parseForm(builderSubmitInput, fields);
        const { message } = await api.builders.submit(fields as z.input<typeof builderSubmitInput>);
        return { redirect: `${PUBLIC_PAGES.builders}#join-the-community`, result: { joined: { name: input.name, message } } };
      },
    },
  };
}
