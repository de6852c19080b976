import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { SessionUser } from "#common/auth/accounts.ts";
import { createSession } from "#server/auth/sessions.ts";
import type { TestApp } from "./test-app";

/** Who makes the call in the matrix. */
export type Caller = "anonymous" | "member" | "owner" | "admin";

/** How a signed-in caller presents the session: an API client's bearer token, or a browser's session cookie. */
export type Credential = "bearer" | "cookie";
export const CREDENTIALS: readonly Credential[] = ["bearer", "cookie"];

/** A browser's cookie writes carry the site's Origin (see origin-check.ts); without it they are refused as cross-site. */
export function credentialHeaders(t: TestApp, token: string, credential: Credential): Record<string, string> {
  return credential === "bearer" ? { authorization: `Bearer ${token}` } : { cookie: `session=${token}`, origin: t.deps.config.publicUrl };
}

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
  for (const credential of CREDENTIALS) {
    const asMember = await send("member", credentialHeaders(t, member.token, credential));
    expect(asMember.response.statusCode, `${asMember.options.method} ${asMember.options.url} as member by ${credential}`).toBe(403);
    expect(asMember.response.json()).toHaveProperty("error");
  }

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
  for (const credential of CREDENTIALS) {
    const asMember = await call("member", credentialHeaders(t, member.token, credential));
    expect(asMember.status, `${procedure.path} as member by ${credential}`).toBe(403);
    expect(asMember.error?.data.code).toBe("FORBIDDEN");
  }

  const owner = await t.createUser("owner");
  expect((await call("owner", owner.headers)).status, `${procedure.path} as owner`).toBe(200);

  const admin = await t.createUser("admin");
  const asAdmin = await call("admin", admin.headers);
  expect(asAdmin.status, `${procedure.path} as admin`).toBe(200);
  return asAdmin;
}

/** Who may call a route or procedure. */
export type Access = "public" | "member" | "admin";

/**
 * The gate alone, whatever the sample request then answers (400 and 404 are fine): anonymous callers get 401
 * unless the path is public; members get 403 on admin paths and pass member paths; admins pass; signed-in
 * callers both by bearer token and by session cookie. Every signed-in call gets a fresh session, so a sample
 * that signs out spends only its own.
 */
export async function expectAccess(
  t: TestApp,
  access: Access,
  label: string,
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
  users: { member: SessionUser; admin: SessionUser },
) {
  const refusedWith = (expected: 401 | 403, response: LightMyRequestResponse, who: string) => {
    expect(response.statusCode, `${label} as ${who}`).toBe(expected);
    expect(response.json(), `${label} as ${who}`).toHaveProperty("error");
  };
  const passes = (response: LightMyRequestResponse, who: string) =>
    expect([401, 403], `${label} as ${who} answered ${response.statusCode}: ${response.body}`).not.toContain(response.statusCode);
  const signedIn = async (user: SessionUser, credential: Credential) =>
    send(credentialHeaders(t, (await createSession(t.db, user.id)).token, credential));

  const anonymous = await send({});
  if (access === "public") return passes(anonymous, "anonymous");
  refusedWith(401, anonymous, "anonymous");
  for (const credential of CREDENTIALS) {
    const asMember = await signedIn(users.member, credential);
    if (access === "admin") refusedWith(403, asMember, `member by ${credential}`);
    else passes(asMember, `member by ${credential}`);
    passes(await signedIn(users.admin, credential), `admin by ${credential}`);
  }
}
