import { describe, expect, it } from "vitest";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { useTestApp } from "../helpers/test-app";

const clientDir = builtClientDir();

// Every line at every level, with the public pages rendered on the server as in production.
const t = useTestApp({ clientDir, ssrEntry: SSR_ENTRY, logLevel: "trace" });

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("secrets in request URLs never reach the log", () => {
  it.each([
    {
      label: "a password reset link",
      secret: "reset-token-5e1f9a",
      request: { method: "GET" as const, url: "/reset-password?token=reset-token-5e1f9a" },
    },
    {
      label: "the unsubscribe page's link",
      secret: "unsub-page-token-77c3",
      request: { method: "GET" as const, url: "/unsubscribe?token=unsub-page-token-77c3" },
    },
    {
      label: "a mail client's one-click unsubscribe",
      secret: "one-click-token-2b8d",
      request: {
        method: "POST" as const,
        url: "/api/waitlist/unsubscribe?token=one-click-token-2b8d",
        headers: form,
        payload: "List-Unsubscribe=One-Click",
      },
    },
    {
      label: "a GET of the one-click address",
      secret: "one-click-get-4a1e",
      request: { method: "GET" as const, url: "/api/waitlist/unsubscribe?token=one-click-get-4a1e" },
    },
    {
      label: "an inbound mail delivery",
      secret: "inbound-address-secret-91ab",
      request: {
        method: "POST" as const,
        url: "/api/email/inbound/inbound-address-secret-91ab",
        headers: { "content-type": "message/rfc822" },
        payload: "Subject: hi\r\n\r\nhello",
      },
    },
    {
      label: "a login form sent before its scripts ran",
      secret: "supersecret123",
      request: { method: "GET" as const, url: "/login?email=a%40b.c&password=supersecret123" },
    },
    {
      label: "a signup form sent before its scripts ran",
      secret: "confirm-secret-456",
      request: { method: "GET" as const, url: "/signup?name=Ada&password=pw-secret-123&confirmPassword=confirm-secret-456" },
    },
    {
      label: "an unknown page with a token",
      secret: "stray-token-c0ffee",
      request: { method: "GET" as const, url: "/no-such-page?token=stray-token-c0ffee" },
    },
    {
      label: "an unknown API path with an api key",
      secret: "api-key-value-d00d",
      request: { method: "GET" as const, url: "/api/no-such-route?api_key=api-key-value-d00d" },
    },
  ])("$label", async ({ secret, request }) => {
    const response = await t.inject(request);
    expect(response.statusCode).toBeLessThan(500);
    const logged = t.logs.map((line) => JSON.stringify(line)).join("\n");
    // Never the secret, at any level...
    expect(logged).not.toContain(secret);
    // ...though the request was logged with its URL, so the check above looked at a real line.
    expect(logged).toContain("request completed");
    expect(logged).toContain("[redacted]");
  });
});

describe("a page's URL carrying a password", () => {
  it("answers 303 to the same path without the query, not stored, before the page is rendered", async () => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await t.inject({ method, url: "/login?email=a%40b.c&password=supersecret123" });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/login");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.body).toBe("");
    }
  });

  it("covers confirmPassword alone, any case, and every page", async () => {
    for (const [url, location] of [
      ["/signup?confirmPassword=x", "/signup"],
      ["/reset-password?token=t&PASSWORD=x", "/reset-password"],
      ["/?password=x", "/"],
      ["/no-such-page?password=x", "/no-such-page"],
    ]) {
      const response = await t.inject({ method: "GET", url: url! });
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 303, location]);
    }
  });

  it("sends a path that would leave the site to the home page instead", async () => {
    const response = await t.inject({ method: "GET", url: "//evil.test/login?password=x" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
  });

  it("leaves API paths, other methods and other queries to their routes", async () => {
    expect((await t.inject({ method: "GET", url: "/api/waitlist/stats?password=x" })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/trpc/auth.me?password=x" })).statusCode).not.toBe(303);
    expect((await t.inject({ method: "GET", url: "/login?email=a%40b.c" })).statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: "/login?callback=/today" })).statusCode).toBe(200);
  });
});

describe("referrer policy", () => {
  it("is strict-origin-when-cross-origin on pages, the not-found page and built assets", async () => {
    for (const url of ["/", "/login", "/no-such-page", "/assets/index-1.js"]) {
      const response = await t.inject({ method: "GET", url });
      expect([url, response.headers["referrer-policy"]]).toEqual([url, "strict-origin-when-cross-origin"]);
    }
  });
});
