import { expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/** The info-level request lines (the test app logs at info) of the request that answered. */
const requestLinesOf = (response: { headers: Record<string, unknown> }) =>
  t.logs.filter((entry) => (entry as { reqId?: string }).reqId === response.headers["x-request-id"]).map((entry) => entry.msg);

it("logs beacons and health checks below info, every other request at info", async () => {
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
  expect(requestLinesOf(page)).toEqual(["incoming request", "request completed"]);
  expect(requestLinesOf(unknown)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
});
