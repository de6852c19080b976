import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36";
const FIREFOX_DESKTOP = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A Gamma-owned address the GeoLite2 city database places in England. */
const UK_ADDRESS = "81.2.69.160";

type Send = { ip?: string; ua?: string; contentType?: string; raw?: string };
const track = (body: unknown, send: Send = {}) =>
  t.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { "content-type": send.contentType ?? "application/json", "user-agent": send.ua ?? FIREFOX_DESKTOP },
    payload: send.raw ?? JSON.stringify(body),
    remoteAddress: send.ip ?? "198.51.100.20",
  });

const event = (overrides: Record<string, unknown> = {}) => ({
  event: "page_view",
  page: "/",
  sessionId: "session-1",
  timestamp: "2026-03-01T10:00:00.000Z",
  url: "https://lab.example/",
  referrer: "",
  userAgent: "ignored when the header is present",
  ...overrides,
});

const flush = () => t.services.analytics.writer.flush();
const rowsOfSession = async (sessionId: string) => {
  await flush();
  return t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)).orderBy(analyticsEvents.id);
};

describe("POST /api/analytics/track", () => {
  it("answers 202 and stores the event enriched: visitor id, masked address, place, device, referrer host", async () => {
    const response = await track(
      event({
        event: "button_click",
        page: "/builders",
        sessionId: "enrich-1",
        category: "cta",
        label: "Join the waitlist",
        value: 3,
        experimentId: "exp-7",
        component: "Hero",
        url: "https://lab.example/builders?utm_source=newsletter&token=secret#top",
        referrer: "https://news.ycombinator.com/item?id=42",
      }),
      { ip: UK_ADDRESS, ua: CHROME_ANDROID },
    );
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe("");

    const [row] = await rowsOfSession("enrich-1");
    expect(row).toMatchObject({
      event: "button_click",
      page: "/builders",
      category: "cta",
      label: "Join the waitlist",
      value: 3,
      experimentId: "exp-7",
      component: "Hero",
      url: "https://lab.example/builders?utm_source=newsletter",
      maskedIp: "81.2.69.0",
      country: "GB",
      region: "England",
      timezone: "Europe/London",
      deviceType: "mobile",
      browser: "Chrome",
      os: "Android",
      referrerHost: "news.ycombinator.com",
      utmSource: "newsletter",
      utmCampaign: null,
      properties: null,
    });
    expect(row!.city).toEqual(expect.any(String));
    expect(row!.visitorId).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.clientTimestamp?.toISOString()).toBe("2026-03-01T10:00:00.000Z");
    expect(Math.abs(row!.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("gives the same visitor id to the same address and browser today, and another to another browser or address", async () => {
    await track(event({ sessionId: "visitor-a" }), { ip: "203.0.113.9", ua: CHROME_ANDROID });
    await track(event({ sessionId: "visitor-a", page: "/login" }), { ip: "203.0.113.9", ua: CHROME_ANDROID });
    await track(event({ sessionId: "visitor-b" }), { ip: "203.0.113.9", ua: FIREFOX_DESKTOP });
    await track(event({ sessionId: "visitor-c" }), { ip: "203.0.113.10", ua: CHROME_ANDROID });
    const [first, second] = await rowsOfSession("visitor-a");
    const [otherBrowser] = await rowsOfSession("visitor-b");
    const [otherAddress] = await rowsOfSession("visitor-c");
    expect(second!.visitorId).toBe(first!.visitorId);
    expect(otherBrowser!.visitorId).not.toBe(first!.visitorId);
    expect(otherAddress!.visitorId).not.toBe(first!.visitorId);
    expect(first!.maskedIp).toBe("203.0.113.0");
    expect(otherAddress!.maskedIp).toBe("203.0.113.0");
  });

  it("masks an IPv6 address to its first three groups", async () => {
    await track(event({ sessionId: "ipv6" }), { ip: "2001:db8:85a3:8d3:1319:8a2e:370:7348" });
    const [row] = await rowsOfSession("ipv6");
    expect(row!.maskedIp).toBe("2001:db8:85a3::");
  });

  it("answers bots 202 and drops their events", async () => {
    const response = await track(event({ sessionId: "bot" }), { ua: GOOGLEBOT });
    expect(response.statusCode).toBe(202);
    expect(await rowsOfSession("bot")).toHaveLength(0);
  });

  it.each([
    [{ ...event(), event: "Page View" }, "event must be one of the known event names or a short snake_case name"],
    [{ ...event(), event: `a${"b".repeat(40)}` }, "event must be one of the known event names or a short snake_case name"],
    [{ page: "/" }, "event is required"],
    [{ ...event(), value: "lots" }, "value must be a number"],
    [[1, 2], "Request body must be a JSON object"],
  ])("answers 400 for %j", async (body, message) => {
    const response = await track(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it("accepts short snake_case names beyond the named events, and a numeric string value", async () => {
    expect((await track(event({ event: "pricing_toggle", sessionId: "custom", value: " 12.5 " }))).statusCode).toBe(202);
    const [row] = await rowsOfSession("custom");
    expect(row).toMatchObject({ event: "pricing_toggle", value: 12.5 });
  });

  it("cuts long text to fixed lengths instead of refusing it, and drops unknown keys", async () => {
    const response = await track(
      event({
        event: "error_occurred",
        sessionId: "long",
        page: `/${"p".repeat(400)}`,
        label: "l".repeat(300),
        url: `https://lab.example/${"u".repeat(1200)}`,
        message: "m".repeat(800),
        stack: "s".repeat(2500),
        file: "https://lab.example/assets/index.js",
        line: 12,
        column: "34",
        isAdmin: true,
        visitorId: "forged",
      }),
    );
    expect(response.statusCode).toBe(202);
    const [row] = await rowsOfSession("long");
    expect(row!.page).toHaveLength(300);
    expect(row!.label).toHaveLength(200);
    expect(row!.url!.length).toBeLessThanOrEqual(1000);
    expect(row!.visitorId).not.toBe("forged");
    expect(row!.properties).toEqual({
      message: "m".repeat(500),
      stack: "s".repeat(2000),
      file: "https://lab.example/assets/index.js",
      line: 12,
      column: 34,
    });
  });

  it("stores text Postgres would refuse (NUL, lone surrogates) and ignores an impossible client time, without failing the batch", async () => {
    const response = await track(
      event({ sessionId: "poison", label: "a\u0000b\ud800c", timestamp: "+275760-09-13T00:00:00.000Z", properties: { note: "x\u0000y" } }),
    );
    expect(response.statusCode).toBe(202);
    const [row] = await rowsOfSession("poison");
    expect(row).toMatchObject({ label: "ab\ufffdc", clientTimestamp: null, properties: { note: "xy" } });
  });

  it("refuses a body over 8 KB with 413", async () => {
    const response = await track(event({ label: "x".repeat(9000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "Request body is too large" });
  });

  it("reads a sendBeacon body: JSON sent as text/plain", async () => {
    const response = await track(undefined, {
      contentType: "text/plain;charset=UTF-8",
      raw: JSON.stringify(event({ sessionId: "beacon" })),
    });
    expect(response.statusCode).toBe(202);
    expect(await rowsOfSession("beacon")).toHaveLength(1);
    const malformed = await track(undefined, { contentType: "text/plain;charset=UTF-8", raw: "{not json" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "Malformed JSON body" });
  });

  it("limits one address to 240 events a minute with 429, leaving other addresses alone", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 240; i++) {
      const response = await track(event({ sessionId: "limited" }), { ip, ua: GOOGLEBOT });
      expect(response.statusCode).toBe(202);
    }
    const over = await track(event({ sessionId: "limited" }), { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
    expect((await track(event({ sessionId: "not-limited" }), { ip: "192.0.2.78" })).statusCode).toBe(202);
  });

  it("never stores a raw address, in the visitor id or anywhere else", async () => {
    await track(event({ sessionId: "raw-check" }), { ip: UK_ADDRESS, ua: CHROME_ANDROID });
    await flush();
    const rows = await t.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id));
    expect(rows.length).toBeGreaterThan(5);
    const rawAddresses = [UK_ADDRESS, "203.0.113.9", "203.0.113.10", "198.51.100.20", "192.0.2.78", "2001:db8:85a3:8d3:1319:8a2e:370:7348"];
    for (const row of rows) {
      expect(row.visitorId).toMatch(/^[0-9a-f]{64}$/);
      const stored = JSON.stringify(row);
      for (const address of rawAddresses) expect(stored).not.toContain(address);
    }
  });
});
