import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./test-app";

/** Who makes the call in the matrix. */
export type Caller = "anonymous" | "member" | "owner" | "admin";

/**
 * A request, or one made per caller: for calls that use something up (a delete), each caller gets its own
 * target, so owner and admin can both succeed: `(caller) => ({ method: "DELETE", url: `/x?id=${await make()}` })`.
 */
export type RequestFor = InjectOptions | ((caller: Caller) => InjectOptions | Promise<InjectOptions>);

const requestOf = async (request: RequestFor, caller: Caller) => (typeof request === "function" ? request(caller) : request);

/**
 * The authorization matrix every admin surface must pass: anonymous 401, member 403, admin and
 * owner succeed. Returns the admin's response so the caller can assert on the body.
 */
export async function expectAdminOnlyRest(t: TestApp, request: RequestFor) {
  const send = async (caller: Caller, headers: Record<string, string> = {}) => {
    const options = await requestOf(request, caller);
    return { options, response: await t.inject({ ...options, headers: { ...options.headers, ...headers } }) };
  };

  const anonymous = await send("anonymous");
  expect(anonymous.response.statusCode, `${anonymous.options.method} ${anonymous.options.url} as anonymous`).toBe(401);
  expect(anonymous.response.json()).toHaveProperty("error");

  const member = await t.createUser("member");
  const asMember = await send("member", member.headers);
  expect(asMember.response.statusCode, `${asMember.options.method} ${asMember.options.url} as member`).toBe(403);
  expect(asMember.response.json()).toHaveProperty("error");

  const owner = await t.createUser("owner");
  const asOwner = await send("owner", owner.headers);
  expect(asOwner.response.statusCode, `${asOwner.options.method} ${asOwner.options.url} as owner`).toBeLessThan(300);

  const admin = await t.createUser("admin");
  const asAdmin = await send("admin", admin.headers);
  expect(asAdmin.response.statusCode, `${asAdmin.options.method} ${asAdmin.options.url} as admin`).toBeLessThan(300);
  return asAdmin.response;
}

export type ProcedureCall = {
  type: "query" | "mutation";
  path: string;
  input?: unknown;
  /** Instead of `input`: an input made per caller (see RequestFor). */
  inputFor?: (caller: Caller) => unknown;
};

export async function expectAdminOnlyProcedure(t: TestApp, procedure: ProcedureCall) {
  const call = async (caller: Caller, headers: Record<string, string> = {}) => {
    const input = procedure.inputFor ? await procedure.inputFor(caller) : procedure.input;
    return procedure.type === "query" ? t.trpcQuery(procedure.path, input, headers) : t.trpcMutation(procedure.path, input, headers);
  };

  const anonymous = await call("anonymous");
  expect(anonymous.status, `${procedure.path} as anonymous`).toBe(401);
  expect(anonymous.error?.data.code).toBe("UNAUTHORIZED");

  const member = await t.createUser("member");
  const asMember = await call("member", member.headers);
  expect(asMember.status, `${procedure.path} as member`).toBe(403);
  expect(asMember.error?.data.code).toBe("FORBIDDEN");

  const owner = await t.createUser("owner");
  expect((await call("owner", owner.headers)).status, `${procedure.path} as owner`).toBe(200);

  const admin = await t.createUser("admin");
  const asAdmin = await call("admin", admin.headers);
  expect(asAdmin.status, `${procedure.path} as admin`).toBe(200);
  return asAdmin;
}
