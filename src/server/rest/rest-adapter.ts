import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "#server/deps.ts";
import { asPartOfHeavyRead } from "#server/infra/heavy-reads.ts";
import { PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { createCallerFactory, createContext } from "#server/trpc/init.ts";
import { procedureError } from "#server/trpc/procedure-error.ts";
import type { OperationMeta, RestMethod } from "#server/trpc/meta.ts";

/** A procedure that also answers at a fixed REST path. */
export type RestOperation = {
  /** The procedure's tRPC path, e.g. `waitlist.join`. */
  procedurePath: string;
  procedure: AnyProcedure;
  rest: NonNullable<OperationMeta["rest"]>;
  meta: OperationMeta;
};

/** Every procedure of the router whose meta names a REST path, in the router's order. */
export function restOperations(router: AnyRouter): RestOperation[] {
  const operations: RestOperation[] = [];
  for (const [procedurePath, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const meta = procedure._def.meta as OperationMeta | undefined;
    if (meta?.rest) operations.push({ procedurePath, procedure, rest: meta.rest, meta });
  }
  return operations;
}

const READS_QUERY: ReadonlySet<RestMethod> = new Set(["GET", "DELETE"]);

/**
 * Serves each REST operation at its path by calling its procedure: the same input schema, middlewares (who may
 * call, budgets), function and cache invalidation as the tRPC call. The input is the query string for GET and
 * DELETE, the JSON body otherwise, with `:name` path segments and the meta's `query` fields added; a refusal
 * answers `{ error }` with the domain error's status, like every other path of the API, and `private, no-store`.
 */
export function registerRestOperations(app: FastifyInstance, deps: AppDeps, router: AnyRouter): void {
  const createCaller = createCallerFactory(router);
  for (const operation of restOperations(router)) {
    const { rest, meta, procedurePath } = operation;
    app.route({
      method: rest.method,
      url: rest.path,
      handler: async (request, reply) => {
        // A refusal is never cached either, whatever a success may be (set first: reading the session can fail).
        reply.header("Cache-Control", PRIVATE_NO_STORE);
        const input = restInput(request, rest);
        let output: unknown;
        try {
          // Reading the session is the first query: a lost database is refused like the procedure's own errors (503).
          // A heavy read's is part of it, in the heavy reads' share of the pool (infra/heavy-reads.ts).
          const context = () => createContext({ req: request, res: reply }, deps, "rest");
          const ctx = await (meta.heavyRead ? asPartOfHeavyRead(context) : context());
          output = await procedureAt(createCaller(ctx), procedurePath)(input);
        } catch (error) {
          throw procedureError(error);
        }
        const status =
          typeof rest.status === "function"
            ? (rest.status as (output: unknown, input: unknown) => number)(output, input)
            : (rest.status ?? 200);
        return reply
          .code(status)
          .header("Cache-Control", meta.cacheControl ?? PRIVATE_NO_STORE)
          .send(rest.answer ? (rest.answer as (output: unknown) => unknown)(output) : output);
      },
    });
  }
}

function restInput(request: FastifyRequest, rest: RestOperation["rest"]): unknown {
  const params = request.params as Record<string, string> | undefined;
  const query = request.query as Record<string, unknown>;
  if (READS_QUERY.has(rest.method)) return { ...query, ...params };
  const body = request.body;
  const fromQuery = Object.fromEntries((rest.query ?? []).filter((name) => name in query).map((name) => [name, query[name]]));
  const extra = { ...fromQuery, ...params };
  // Anything but a JSON object is handed over as it came, so the schema refuses it with its own words.
  if (Object.keys(extra).length === 0 || !isPlainObject(body)) return body ?? (Object.keys(extra).length > 0 ? extra : undefined);
  return { ...body, ...extra };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type Callable = (input: unknown) => Promise<unknown>;

function procedureAt(caller: unknown, procedurePath: string): Callable {
  let node = caller as Record<string, unknown>;
  for (const segment of procedurePath.split(".")) node = node[segment] as Record<string, unknown>;
  return node as unknown as Callable;
}
