import { describe, expect, it } from "vitest";
import { precomputedSecurityHeaders, securityHeaderOptions } from "#server/infra/security-headers.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

const beacon = (headers: Record<string, string> = {}, payload = JSON.stringify({ event: "page_view", page: "/" })) =>
  t.inject({ method: "POST", url: "/api/analytics/track", headers: { "content-type": "application/json", ...headers }, payload });

describe("the beacon's security headers", () => {
  it("are the site's policy, on its 202 and on its refusals, as on an answer Helmet built", async () => {
    // The site's policy, by name; tests/unit/security-headers.test.ts checks the copy against Helmet itself.
    const names = Object.keys(precomputedSecurityHeaders(securityHeaderOptions(t.deps.config)));
    expect(names).toEqual(expect.arrayContaining(["content-security-policy", "strict-transport-security", "x-frame-options"]));
    const site = await t.inject({ method: "GET", url: "/healthz" });
    const answers = {
      accepted: await beacon(),
      invalid: await beacon({}, "{"),
      crossSite: await beacon({ origin: "https://elsewhere.example" }),
    };
    expect([answers.accepted.statusCode, answers.invalid.statusCode, answers.crossSite.statusCode]).toEqual([202, 400, 403]);
    for (const [answer, response] of Object.entries(answers)) {
      for (const name of names) expect(response.headers[name], `${answer}: ${name}`).toBe(site.headers[name]);
      expect(response.headers["x-powered-by"]).toBeUndefined();
    }
  });
});
