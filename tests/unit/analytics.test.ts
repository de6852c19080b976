import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENTS, sanitizeTrackedUrl } from "#common/analytics/events.ts";
import { analyticsTrackInput } from "#common/analytics/input.ts";
import type { AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { createAnalyticsService, maskIp, referrerHostOf, visitorIdOf } from "#server/features/analytics/service.ts";
import { createUserAgentLookup } from "#server/infra/user-agent.ts";

describe("maskIp", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["81.2.69.160", "81.2.69.0"],
    ["::ffff:203.0.113.77", "203.0.113.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:0DB8:0085:08d3::7348", "2001:db8:85::"],
    ["2001:db8::1", "2001:db8:0::"],
    ["fe80::1%eth0", "fe80:0:0::"],
    ["::1", "0:0:0::"],
  ])("masks %s as %s", (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });

  it.each(["", "not-an-ip", "300.1.1.1", "1.2.3"])("gives null for %j", (ip) => {
    expect(maskIp(ip)).toBeNull();
  });
});

describe("visitorIdOf", () => {
  it("is a SHA-256 hex digest that changes with the salt, the address and the browser", () => {
    const id = visitorIdOf("salt", "203.0.113.7", "Firefox");
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorIdOf("salt", "203.0.113.7", "Firefox")).toBe(id);
    expect(visitorIdOf("other-salt", "203.0.113.7", "Firefox")).not.toBe(id);
    expect(visitorIdOf("salt", "203.0.113.8", "Firefox")).not.toBe(id);
    expect(visitorIdOf("salt", "203.0.113.7", "Chrome")).not.toBe(id);
  });
});

describe("createAnalyticsService", () => {
  it("gives a visitor the id of the day's salt, remembered ones included, and a new one with the next day's", async () => {
    let salt = "monday";
    const rows: AnalyticsEventRow[] = [];
    const analytics = createAnalyticsService({
      salts: { saltFor: async () => salt },
      geo: { locate: async () => ({ country: "DE", region: null, city: null, timezone: null }) },
      userAgents: createUserAgentLookup(),
      writer: { push: (row) => rows.push(row) > 0, flush: async () => {}, close: async () => {}, pending: 0 },
    });
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const send = () => analytics.track({ event: "page_view", page: "/" }, { ip: "203.0.113.7", userAgent: firefox, headers: {} });
    await send();
    await send();
    salt = "tuesday";
    await send();
    expect(rows.map((row) => [row.visitorId, row.maskedIp])).toEqual([
      [visitorIdOf("monday", "203.0.113.7", firefox), "203.0.113.0"],
      [visitorIdOf("monday", "203.0.113.7", firefox), "203.0.113.0"],
      [visitorIdOf("tuesday", "203.0.113.7", firefox), "203.0.113.0"],
    ]);
  });
});

describe("referrerHostOf", () => {
  it("keeps the host of an http(s) referrer and nothing else", () => {
    expect(referrerHostOf("https://News.YCombinator.com:443/item?id=1")).toBe("news.ycombinator.com");
    expect(referrerHostOf("android-app://com.google.android.gm/")).toBeNull();
    expect(referrerHostOf("not a url")).toBeNull();
    expect(referrerHostOf(undefined)).toBeNull();
  });
});

describe("analyticsTrackInput", () => {
  const base = {
    event: "page_view",
    page: "/",
    sessionId: "s1",
    timestamp: "2026-03-01T10:00:00.000Z",
    url: "https://lab.example/",
    referrer: "",
    userAgent: "UA",
  };

  it("accepts every named event and short snake_case names", () => {
    for (const event of [...ANALYTICS_EVENTS, "pricing_toggle", "a", `a${"b".repeat(39)}`]) {
      expect(analyticsTrackInput.safeParse({ ...base, event }).success, event).toBe(true);
    }
  });

  it.each(["", "Page_view", "page-view", "1st_event", "page view", `a${"b".repeat(40)}`, 42])("refuses the event name %j", (event) => {
    expect(analyticsTrackInput.safeParse({ ...base, event }).success).toBe(false);
  });

  it("cuts text to its limit, reads numbers and times, treats empty text as absent, and drops unknown keys", () => {
    const parsed = analyticsTrackInput.parse({
      ...base,
      page: "p".repeat(400),
      url: "u".repeat(1200),
      label: "l".repeat(250),
      message: "m".repeat(600),
      stack: "s".repeat(2100),
      category: 7,
      value: "-1.5e2",
      line: "10",
      column: "x",
      referrer: "",
      timestamp: "yesterday-ish",
      admin: true,
    });
    expect(parsed.page).toHaveLength(300);
    expect(parsed.url).toHaveLength(1000);
    expect(parsed.label).toHaveLength(200);
    expect(parsed.message).toHaveLength(500);
    expect(parsed.stack).toHaveLength(2000);
    expect(parsed.category).toBe("7");
    expect(parsed.value).toBe(-150);
    expect(parsed.line).toBe(10);
    expect(parsed.column).toBeUndefined();
    expect(parsed.referrer).toBeUndefined();
    expect(parsed.timestamp).toBeUndefined();
    expect(parsed).not.toHaveProperty("admin");
  });

  it("reads epoch milliseconds as the client time", () => {
    expect(analyticsTrackInput.parse({ ...base, timestamp: 1_772_359_200_000 }).timestamp?.toISOString()).toBe("2026-03-01T10:00:00.000Z");
  });

  it.each(["lots", "1,5", "Infinity", true])("refuses the value %j", (value) => {
    const result = analyticsTrackInput.safeParse({ ...base, value });
    expect(result.success).toBe(false);
  });

  it("keeps small scalar properties and drops the rest", () => {
    const parsed = analyticsTrackInput.parse({
      ...base,
      properties: {
        day: 3,
        saveMethod: "localStorage_fallback",
        ok: true,
        none: null,
        nested: { a: 1 },
        "bad key": 1,
        long: "x".repeat(300),
      },
    });
    expect(parsed.properties).toEqual({ day: 3, saveMethod: "localStorage_fallback", ok: true, none: null, long: "x".repeat(200) });
    expect(analyticsTrackInput.parse({ ...base, properties: "nope" }).properties).toBeUndefined();
  });

  it("refuses a body that is not an object", () => {
    const result = analyticsTrackInput.safeParse("page_view");
    expect(result.success).toBe(false);
  });
});

describe("sanitizeTrackedUrl", () => {
  it("keeps origin, path and campaign parameters, and drops other parameters and the fragment", () => {
    expect(sanitizeTrackedUrl("https://lab.example/reset-password?token=abc#x")).toBe("https://lab.example/reset-password");
    expect(sanitizeTrackedUrl("https://lab.example/?utm_source=hn&email=a%40b.co&ref=tw")).toBe(
      "https://lab.example/?utm_source=hn&ref=tw",
    );
    expect(sanitizeTrackedUrl("/relative?token=abc")).toBe("/relative");
  });
});

describe("createUserAgentLookup", () => {
  const lookup = createUserAgentLookup();
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      { isBot: false, deviceType: "mobile", browser: "Chrome", os: "Android" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      { isBot: false, deviceType: "tablet", browser: "Safari", os: "iOS" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      { isBot: false, deviceType: "desktop", browser: "Edge", os: "Windows" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      { isBot: false, deviceType: "desktop", browser: "Safari", os: "macOS" },
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      { isBot: false, deviceType: "desktop", browser: "Chrome", os: "Chrome OS" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      { isBot: false, deviceType: "mobile", browser: "Chrome", os: "iOS" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
      { isBot: false, deviceType: "desktop", browser: "Firefox", os: "Linux" },
    ],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", { isBot: true }],
    ["curl/8.5.0", { isBot: true }],
  ])("describes %s", (ua, expected) => {
    expect(lookup.describe(ua)).toMatchObject(expected);
    expect(lookup.describe(ua)).toBe(lookup.describe(ua));
  });

  it("treats a missing agent as an unknown desktop browser, not a bot", () => {
    expect(lookup.describe(undefined)).toEqual({ isBot: false, deviceType: "desktop", browser: null, os: null });
  });
});
