import { describe, expect, it } from "vitest";
import { useTestApp, type TestApp } from "../helpers/test-app";

let signups = 0;
/** Signs up a fresh account as a request from `remoteAddress` carrying `forwardedFor`; returns the status. */
const signup = async (t: TestApp, forwardedFor: string, remoteAddress = "127.0.0.1") => {
  signups += 1;
  const response = await t.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    payload: JSON.stringify({ name: "Spoof", email: `spoof${signups}@example.com`, password: "secret1" }),
    remoteAddress,
  });
  return response.statusCode;
};
const forged = (i: number) => `198.18.${i}.${i + 1}`;

describe("TRUST_PROXY=1 (one load balancer in front)", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "1" } });

  it("takes the address the load balancer saw, so forged entries left of it cannot escape the signup limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signup(t, `${forged(i)}, 203.0.113.9`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another client behind the same load balancer has its own budget.
    expect(await signup(t, "203.0.113.10")).toBe(201);
  });
});

describe("TRUST_PROXY as a list of proxy addresses", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "10.0.0.0/8, 192.168.7.7" } });

  it("believes X-Forwarded-For from a listed proxy and walks back through listed hops only", async () => {
    expect(await signup(t, "203.0.113.20", "10.1.2.3")).toBe(201);
    expect(await signup(t, "203.0.113.21", "192.168.7.7")).toBe(201);
    // The client is the first address from the right that is not a listed proxy.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signup(t, `${forged(i)}, 203.0.113.30, 10.9.9.9`, "10.1.2.3"));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("ignores X-Forwarded-For from any other address: every forged value shares the sender's budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signup(t, forged(i), "192.0.2.50"));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
