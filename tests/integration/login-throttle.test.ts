import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailMessages } from "#server/db/schema/index.ts";
import { TRIES_PER_ADDRESS_UNDER_ATTACK } from "#server/features/auth/login-throttle.ts";
import { RATE_LIMIT_BUDGETS } from "#server/infra/rate-limit.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
const restLogin = (email: string, password: string, remoteAddress: string) =>
  t.inject({ method: "POST", url: "/api/auth/login", headers: json, payload: JSON.stringify({ email, password }), remoteAddress });
const trpcLogin = (email: string, password: string, remoteAddress: string) =>
  t.inject({ method: "POST", url: "/trpc/auth.login", headers: json, payload: JSON.stringify({ email, password }), remoteAddress });
const resetRequest = (email: string, remoteAddress: string, surface: "rest" | "trpc" = "rest") =>
  t.inject({
    method: "POST",
    url: surface === "rest" ? "/api/auth/reset-password" : "/trpc/auth.requestPasswordReset",
    headers: json,
    payload: JSON.stringify({ email }),
    remoteAddress,
  });
const mailsTo = async (email: string) =>
  (
    await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.subject, "Reset your password")))
  ).length;

describe("login budgets", () => {
  it("locks an address out of an email after 10 failures, on REST and tRPC alike, while the owner signs in from another", async () => {
    await t.createUser("member", { email: "owner1@example.com", password: "right-pass" });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const send = i % 2 ? trpcLogin : restLogin;
      statuses.push((await send("owner1@example.com", "wrong-pass", "10.20.0.1")).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));

    const locked = await restLogin("owner1@example.com", "right-pass", "10.20.0.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed sign-ins from your address\. Please try again in (59|60) minutes/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(3500);
    const lockedTrpc = await trpcLogin("owner1@example.com", "right-pass", "10.20.0.1");
    expect(lockedTrpc.statusCode).toBe(429);
    expect(lockedTrpc.json().error.message).toBe(locked.json().error);
    expect(Number(lockedTrpc.headers["retry-after"])).toBeGreaterThan(3500);

    expect((await restLogin("owner1@example.com", "right-pass", "10.20.0.2")).statusCode).toBe(200);
    // The lock is for that email only: the address may still try others.
    expect((await restLogin("someone-else@example.com", "wrong-pass", "10.20.0.1")).statusCode).toBe(401);
  });

  it("counts each attempt before the password check, so parallel guesses get no more than the budget", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => restLogin("owner5@example.com", "wrong-pass", "10.25.0.1")));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it("counts failures, not successes: signing in gives the address its tries back", async () => {
    await t.createUser("member", { email: "owner2@example.com", password: "right-pass" });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await restLogin("owner2@example.com", "wrong-pass", "10.21.0.1")).statusCode).toBe(401);
      expect((await restLogin("owner2@example.com", "right-pass", "10.21.0.1")).statusCode).toBe(200);
    }
  });

  it("under a guessing attack spread over many addresses, holds back addresses that failed but not the owner on a fresh one", async () => {
    await t.createUser("member", { email: "owner3@example.com", password: "right-pass" });
    const attackers = RATE_LIMIT_BUDGETS.loginFailuresPerEmail.points + 1;
    for (let i = 0; i < attackers; i++) {
      expect((await restLogin("owner3@example.com", "wrong-pass", `10.22.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    }
    // One attacker address gets only its few tries now, not ten.
    const statuses: number[] = [];
    for (let i = 1; i < TRIES_PER_ADDRESS_UNDER_ATTACK + 1; i++)
      statuses.push((await restLogin("owner3@example.com", "wrong-pass", "10.22.0.0")).statusCode);
    expect(statuses).toEqual([...Array(TRIES_PER_ADDRESS_UNDER_ATTACK - 1).fill(401), 429]);

    // The owner, from an address that has not failed, still signs in, after a typo too.
    expect((await trpcLogin("owner3@example.com", "typo-pass", "10.23.0.1")).statusCode).toBe(401);
    expect((await trpcLogin("owner3@example.com", "right-pass", "10.23.0.1")).statusCode).toBe(200);
  });

  it("counts an IPv6 client per /64: rotating the rest of the address does not reset its failures", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await restLogin("owner4@example.com", "wrong-pass", `2001:db8:4:4::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await restLogin("owner4@example.com", "wrong-pass", "2001:db8:4:5::1")).statusCode).toBe(401);
  });

  it("refuses an address after 100 failures a day across emails", async () => {
    const budget = RATE_LIMIT_BUDGETS.loginFailuresPerAddress.points;
    for (let i = 0; i < budget; i++) {
      const response = await restLogin(`spray${i}@example.com`, "wrong-pass", "10.24.0.1");
      if (response.statusCode !== 401) throw new Error(`failure ${i + 1} answered ${response.statusCode}`);
    }
    const refused = await restLogin("spray-last@example.com", "wrong-pass", "10.24.0.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
  });
});

describe("password reset budgets", () => {
  it("sends at most 3 reset mails an hour per email, from any addresses and either surface, and answers unknown emails the same", async () => {
    await t.createUser("member", { email: "mailbox@example.com" });
    const known: Array<{ status: number; body: unknown }> = [];
    const unknown: Array<{ status: number; body: unknown }> = [];
    for (let i = 0; i < 6; i++) {
      const surface = i % 2 ? "trpc" : "rest";
      const k = await resetRequest("mailbox@example.com", `10.30.0.${i}`, "rest");
      const u = await resetRequest("nobody-here@example.com", `10.31.0.${i}`, "rest");
      known.push({ status: k.statusCode, body: k.json() });
      unknown.push({ status: u.statusCode, body: u.json() });
      expect((await resetRequest("mailbox-trpc@example.com", `10.32.0.${i}`, surface)).statusCode).toBe(i < 3 ? 200 : 429);
    }
    expect(known.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(unknown).toEqual(known);
    expect(known[3]!.body).toEqual({ error: RATE_LIMIT_BUDGETS.passwordResetPerEmail.message });
    expect(await mailsTo("mailbox@example.com")).toBe(3);
    expect(await mailsTo("nobody-here@example.com")).toBe(0);
  });
});
