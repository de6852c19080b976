import { expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const from = (remoteAddress: string, url: string) => t.inject({ method: "GET", url, remoteAddress });

it("answers the 601st API request of a minute with 429, {error} and Retry-After, and never throttles /healthz", async () => {
  for (let i = 0; i < 600; i++) {
    const response = await from("10.60.0.1", "/trpc/auth.me");
    if (response.statusCode !== 200) throw new Error(`request ${i + 1} answered ${response.statusCode}`);
  }
  const limited = await from("10.60.0.1", "/trpc/auth.me");
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);

  const health = await from("10.60.0.1", "/healthz");
  expect(health.statusCode).toBe(200);
  expect(health.headers["x-ratelimit-limit"]).toBeUndefined();
  // Another address keeps its own budget.
  expect((await from("10.60.0.2", "/trpc/auth.me")).statusCode).toBe(200);
});
