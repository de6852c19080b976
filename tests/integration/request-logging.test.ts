import { expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/** The info-level request lines (the test app logs at info) of the request that answered. */
const requestLinesOf = (response: { headers: Record<string, unknown> }) =>
  t.logs.filter((entry) => (entry as { reqId?: string }).reqId === response.headers["x-request-id"]).map((entry) => entry.msg);

it("logs beacons and health checks below info, every other request in one line at info", async () => {
  const beacon = await t.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ event: "page_view", page: "/", sessionId: "log-level-1", timestamp: new Date().toISOString() }),
  });
  const health = await t.inject({ method: "GET", url: "/healthz" });
  const page = await t.inject({ method: "GET", url: "/api/waitlist/stats" });
  const unknown = await t.inject({ method: "GET", url: "/api/no-such-route" });

  expect(beacon.statusCode).toBe(202);
  expect(health.statusCode).toBe(200);
  expect(requestLinesOf(beacon)).toEqual([]);
  expect(requestLinesOf(health)).toEqual([]);
  expect(requestLinesOf(page)).toEqual(["request completed"]);
  expect(requestLinesOf(unknown)).toEqual(["request completed"]);
});

it("writes the request line of a 429 (the overall ceiling) below info", async () => {
  let refused: Awaited<ReturnType<typeof t.inject>> | undefined;
  for (let sent = 0; sent < 700 && !refused; sent += 1) {
    const response = await t.inject({ method: "GET", url: "/api/waitlist/stats", remoteAddress: "198.51.100.42" });
    if (response.statusCode === 429) refused = response;
  }
  expect(refused?.statusCode).toBe(429);
  expect(requestLinesOf(refused!)).toEqual([]);
});
