import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp({
  env: {
    TRUST_PROXY: "1",
    NODE_ENV: "production",
    PUBLIC_URL: "http://localhost:3000",
    UNSUBSCRIBE_SECRET: "test-unsubscribe-secret-0123456789abcdef",
  },
});
const login = (forwardedFor: string, host = "lab.example") =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, host },
    payload: JSON.stringify({ email: "nobody@example.com", password: "nope-nope" }),
  });

describe("behind a load balancer (TRUST_PROXY=1)", () => {
  it("takes the client address from X-Forwarded-For, so one client's limit does not block another", async () => {
    for (let i = 0; i < 10; i++) await login("203.0.113.7");
    expect((await login("203.0.113.7")).statusCode).toBe(429);
    // Those failures spent 203.0.113.7's budget for that email; another client behind the balancer is not held back.
    const other = await login("198.51.100.1");
    expect(other.statusCode).toBe(401);
  });

  it("marks the session cookie Secure in production, except on plain http to localhost", async () => {
    await t.createUser("member", { email: "ivy@example.com", password: "secret12" });
    const body = JSON.stringify({ email: "ivy@example.com", password: "secret12" });
    const remote = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", host: "lab.example", "x-forwarded-proto": "https", "x-forwarded-for": "192.0.2.10" },
      payload: body,
    });
    expect(remote.cookies.find((c) => c.name === "session")?.secure).toBe(true);
    const local = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", host: "localhost:3000", "x-forwarded-for": "192.0.2.11" },
      payload: body,
    });
    expect(local.cookies.find((c) => c.name === "session")?.secure).toBeUndefined();
  });
});
