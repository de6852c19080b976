import type { AnyRouter } from "@trpc/server";
import { toJSONSchema, type $ZodType } from "zod/v4/core";
import { SESSION_COOKIE } from "#server/auth/request-auth.ts";
import type { Access, RestMethod } from "#server/trpc/meta.ts";
import { HAND_WRITTEN_ROUTES, type HandWrittenRoute } from "./hand-written-routes";
import { restOperations, type RestOperation } from "./rest-adapter";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_BODY: JsonSchema = {
  type: "object",
  properties: { error: { type: "string", description: "What went wrong, in words a person can read" } },
  required: ["error"],
};

/** The refusals every path may answer, by who may call it. */
const REFUSALS: Record<Access, Record<string, string>> = {
  public: { "400": "The input was refused", "429": "Too many requests: Retry-After says when to come back" },
  member: { "400": "The input was refused", "401": "No valid session", "429": "Too many requests" },
  admin: { "400": "The input was refused", "401": "No valid session", "403": "Not an admin", "429": "Too many requests" },
};

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  public: undefined,
  member: [{ sessionCookie: [] }, { bearerToken: [] }],
  admin: [{ sessionCookie: [] }, { bearerToken: [] }],
};

/**
 * The OpenAPI 3.1 document of every REST path: the operations generated from procedure definitions (their
 * input schemas as JSON Schema, from zod) and the hand-written routes of hand-written-routes.ts.
 */
export function buildOpenApiDocument(router: AnyRouter, publicUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (method: RestMethod, path: string, operation: Operation) => {
    const key = openApiPath(path);
    paths[key] = { ...paths[key], [method.toLowerCase()]: operation };
  };
  for (const operation of restOperations(router)) add(operation.rest.method, operation.rest.path, generatedOperation(operation));
  for (const route of HAND_WRITTEN_ROUTES) add(route.method, route.path, handWrittenOperation(route));
  return {
    openapi: "3.1.0",
    info: {
      title: "The $100 Lab API",
      version: "1",
      description:
        "The site's REST paths. Errors answer `{ error }` with a person-readable text. Signed-in calls carry the session cookie or `Authorization: Bearer <token>` (the token POST /api/auth/login answers).",
    },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
        bearerToken: { type: "http", scheme: "bearer" },
      },
    },
  };
}

function generatedOperation({ procedure, procedurePath, rest, meta }: RestOperation): Operation {
  const access = meta.access ?? "public";
  const input = (procedure._def.inputs as $ZodType[])[0];
  const schema = input ? inputSchema(input) : undefined;
  const pathNames = pathParameterNames(rest.path);
  const queryNames = rest.method === "GET" || rest.method === "DELETE" ? undefined : new Set(rest.query ?? []);
  const parameters: Operation[] = [];
  let body: JsonSchema | undefined;
  if (schema) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const bodyProperties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(properties)) {
      const where = pathNames.has(name) ? "path" : !queryNames || queryNames.has(name) ? "query" : undefined;
      if (where) parameters.push({ name, in: where, required: where === "path" || required.has(name), schema: property });
      else bodyProperties[name] = property;
    }
    if (queryNames) {
      const { required: _all, ...others } = schema;
      const bodyRequired = [...required].filter((name) => name in bodyProperties);
      body = { ...others, properties: bodyProperties, ...(bodyRequired.length > 0 ? { required: bodyRequired } : {}) };
    }
  }
  const successes = Object.fromEntries(
    Object.entries(rest.answers ?? { [typeof rest.status === "number" ? rest.status : 200]: "Success" }).map(([status, meaning]) => [
      status,
      jsonAnswer(meaning),
    ]),
  );
  return {
    operationId: procedurePath,
    summary: rest.summary,
    tags: [procedurePath.split(".")[0]],
    ...(SECURITY[access] ? { security: SECURITY[access] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
    responses: { ...successes, ...refusals(access) },
  };
}

function handWrittenOperation(route: HandWrittenRoute): Operation {
  const parameters = [...pathParameterNames(route.path)].map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const requestBody =
    route.body === "none"
      ? undefined
      : { required: true, content: { [BODY_TYPES[route.body]]: { schema: route.body === "json" ? { type: "object" } : {} } } };
  const answer = route.answer === "json" ? jsonAnswer("Success") : { description: "The file", content: { "application/octet-stream": {} } };
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, next?: string) => (next ?? "").toUpperCase())}`,
    summary: route.summary,
    description: `Hand-written: ${route.why}.`,
    tags: [route.path.split("/")[2] ?? "system"],
    ...(SECURITY[route.access] ? { security: SECURITY[route.access] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [String(route.status)]: answer, ...refusals(route.access) },
  };
}

const BODY_TYPES = { json: "application/json", multipart: "multipart/form-data", raw: "*/*" } as const;

const jsonAnswer = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });

function refusals(access: Access): Record<string, Operation> {
  return Object.fromEntries(
    Object.entries(REFUSALS[access]).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ERROR_BODY } } },
    ]),
  );
}

/** The input as a caller sends it (before transforms), in JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function inputSchema(input: $ZodType): JsonSchema {
  const { $schema: _dialect, ...schema } = toJSONSchema(input, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return schema;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

const pathParameterNames = (path: string) => new Set([...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!));
