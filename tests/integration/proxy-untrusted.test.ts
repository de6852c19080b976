import { expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

it("ignores X-Forwarded-For without TRUST_PROXY: every forged address shares the socket's budget", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
      payload: JSON.stringify({ email: "n@example.com", password: "nope-nope" }),
    });
    statuses.push(response.statusCode);
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
});
