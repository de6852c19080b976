import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type * as core from "zod/v4/core";
import { firstIssueByField } from "#common/forms/field-issues.ts";
import type { FormReturn } from "#common/forms/form-post.ts";
import { errorReply } from "#server/infra/error-reply.ts";
import type { DomainError } from "#server/infra/errors.ts";
import { procedureError } from "#server/trpc/procedure-error.ts";
import type { AppRouter } from "#server/trpc/router.ts";
import { writeFormResult } from "./form-result";
import type { RenderFormPage } from "./render-public-page";

/** The fields of a posted form: each name's value, or its values for the fields the form repeats (checkboxes). */
export type FormFields = Record<string, string | string[]>;

/** A form's request, and the app's procedures called as this request (`api.auth.signup(...)`). */
export type FormCaller = { request: FastifyRequest; reply: FastifyReply; api: AppCaller };

/** The app's procedures, called on the server as one request: the same middlewares and budgets as over tRPC or REST. */
export type AppCaller = ReturnType<AppRouter["createCaller"]>;

/** Where the browser goes after a successful post (303), and what that page shows of the outcome, once. */
export type FormSuccess = { redirect: string; result?: unknown };

/**
 * A public page's form, posted without scripts to the page's own path (`application/x-www-form-urlencoded`).
 * `submit` calls the same procedure as the JSON path (same schema, budget and messages) and says where to go;
 * a refusal it throws renders the same page with what was typed and the error, at the JSON path's status.
 */
export type FormPost = {
  /** Fields the form repeats (checkbox lists): always lists, even with one box ticked. */
  lists?: readonly string[];
  /** Fields typed back into the page after a refusal. Never a password or a token. */
  keep: readonly string[];
  submit(fields: FormFields, caller: FormCaller): Promise<FormSuccess>;
};

/** Page path → its form. */
export type FormPosts = Record<string, FormPost>;

/** A form of a few fields and a profile's texts: far below the JSON body limit. */
const FORM_BODY_LIMIT_BYTES = 32 * 1024;

/** A refusal by the form's schema: the first message of each field, shown under each input. */
export class FormFieldErrors extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors)[0] ?? "Invalid input");
    this.name = "FormFieldErrors";
  }
}

/**
 * Parses a form's fields with the operation's shared schema; a failure names each bad field, with the form's
 * own checks (`formErrors`, such as a password's confirmation) beside the schema's.
 */
export function parseForm<S extends core.$ZodType>(
  schema: S,
  value: unknown,
  formErrors: Record<string, string | undefined> = {},
): core.output<S> {
  const result = z.safeParse(schema, value);
  const own = Object.fromEntries(Object.entries(formErrors).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if (result.success && Object.keys(own).length === 0) return result.data;
  throw new FormFieldErrors({ ...(result.success ? {} : firstIssueByField(result.error)), ...own });
}

/** A text field's value ("" when absent). */
export const textField = (fields: FormFields, name: string): string => {
  const value = fields[name];
  return typeof value === "string" ? value : (value?.[0] ?? "");
};

/** Every value a form sent, by name: the first for a single field, all of them for a repeated one. */
export function formFields(body: string, lists: readonly string[] = []): FormFields {
  const params = new URLSearchParams(body);
  const fields: FormFields = {};
  for (const name of new Set(params.keys())) fields[name] = lists.includes(name) ? params.getAll(name) : params.get(name)!;
  for (const name of lists) fields[name] ??= [];
  return fields;
}

const kept = (fields: FormFields, names: readonly string[]): FormFields =>
  Object.fromEntries(names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]!]));

/**
 * Registers `POST <page path>` for each form. Cross-site posts were refused before (the app's origin check);
 * a body that is not a urlencoded form gets the usual 415.
 */
export async function registerFormPosts(
  app: FastifyInstance,
  posts: FormPosts,
  callerFor: (request: FastifyRequest, reply: FastifyReply) => Promise<AppCaller>,
  renderForm: RenderFormPage,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    for (const [path, post] of Object.entries(posts)) {
      scope.post(path, async (request, reply) => {
        const fields = formFields(typeof request.body === "string" ? request.body : "", post.lists);
        try {
          const success = await post.submit(fields, { request, reply, api: await callerFor(request, reply) });
          if (success.result !== undefined) writeFormResult(request, reply, success.redirect, { result: success.result });
          return reply.code(303).header("Location", success.redirect).header("Cache-Control", "no-store").send();
        } catch (thrown) {
          const { status, formReturn } = refusal(thrown, request, reply);
          return renderForm(request, reply, path, { formReturn: { ...formReturn, values: kept(fields, post.keep) }, status });
        }
      });
    }
  });
}

/** What the page shows of a refusal, with the status the JSON path answers (and its Retry-After). */
function refusal(thrown: unknown, request: FastifyRequest, reply: FastifyReply): { status: number; formReturn: FormReturn } {
  if (thrown instanceof FormFieldErrors) return { status: 400, formReturn: { fieldErrors: thrown.fieldErrors } };
  const { status, message } = errorReply(procedureError(thrown) as DomainError, request, reply);
  return { status, formReturn: { error: message } };
}
