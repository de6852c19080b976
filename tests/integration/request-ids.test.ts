import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("without a trusted proxy", () => {
  const t = useTestApp();

  it("ignores X-Request-Id and answers with a fresh UUID, a new one per request", async () => {
    const first = await t.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "chosen-by-the-client" } });
    const second = await t.inject({ method: "GET", url: "/healthz" });
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });
});

describe("behind a trusted proxy", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "1" } });
  const idOf = async (given: string, url = "/healthz") =>
    (await t.inject({ method: "GET", url, headers: { "x-request-id": given } })).headers["x-request-id"];

  it("keeps the proxy's X-Request-Id, echoes it, and logs the request under it", async () => {
    expect(await idOf("edge-7f3a9c:01HZX")).toBe("edge-7f3a9c:01HZX");
    expect(await idOf("a".repeat(128))).toBe("a".repeat(128));
    expect(await idOf("from-proxy-404", "/api/no-such-route")).toBe("from-proxy-404");
    const logged = t.logs.filter((entry) => (entry as { reqId?: string }).reqId === "from-proxy-404");
    expect(logged.map((entry) => entry.msg)).toContain("request completed");
  });

  it("replaces an id that is too long, empty or not visible ASCII with a UUID", async () => {
    for (const bad of ["a".repeat(129), "has space", "tab\there", "naïve", ""]) {
      expect(await idOf(bad)).toMatch(UUID);
    }
  });
});
