import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Analytics from "#client/lib/analytics.ts";

/** A small browser for the beacon client: storage, events, online state, fetch and sendBeacon. */
function fakeBrowser() {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, String(value)),
      removeItem: (key: string) => void map.delete(key),
    };
  };
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const target = {
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(fn);
    },
    removeEventListener: (type: string, fn: (event: unknown) => void) => void listeners.get(type)?.delete(fn),
  };
  const browser = {
    window: { ...target, location: { pathname: "/builders", href: "https://lab.example/builders?token=secret&utm_source=hn" } } as Record<
      string,
      unknown
    >,
    document: { ...target, referrer: "https://news.ycombinator.com/item?id=1", visibilityState: "visible" },
    navigator: { onLine: true, userAgent: "Mozilla/5.0 test", sendBeacon: vi.fn((_url: string, _body: string) => true) },
    localStorage: storage(),
    sessionStorage: storage(),
    fetch: vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 })),
    warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
    emit: (type: string, event: unknown = {}) => listeners.get(type)?.forEach((fn) => fn(event)),
    sentBodies: () => browser.fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>),
    queue: () => JSON.parse(browser.localStorage.getItem("analytics_queue") ?? "[]") as Array<Record<string, unknown>>,
  };
  vi.stubGlobal("window", browser.window);
  vi.stubGlobal("document", browser.document);
  vi.stubGlobal("navigator", browser.navigator);
  vi.stubGlobal("localStorage", browser.localStorage);
  vi.stubGlobal("sessionStorage", browser.sessionStorage);
  vi.stubGlobal("fetch", browser.fetch);
  return browser;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let browser: ReturnType<typeof fakeBrowser>;
let analytics: typeof Analytics;

beforeEach(async () => {
  browser = fakeBrowser();
  vi.resetModules();
  analytics = await import("#client/lib/analytics.ts");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("track", () => {
  it("posts the event with the session id, time, url without secrets, referrer and user agent", async () => {
    analytics.track("button_click", { category: "cta", label: "Join", value: 2, component: "Hero", experimentId: "exp-1" });
    await settle();
    const [url, init] = browser.fetch.mock.calls[0]!;
    expect(url).toBe("/api/analytics/track");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit", headers: { "content-type": "application/json" } });
    const [body] = browser.sentBodies();
    expect(body).toMatchObject({
      event: "button_click",
      page: "/builders",
      category: "cta",
      label: "Join",
      value: 2,
      component: "Hero",
      experimentId: "exp-1",
      url: "https://lab.example/builders?utm_source=hn",
      referrer: "https://news.ycombinator.com/item",
      userAgent: "Mozilla/5.0 test",
    });
    expect(new Date(String(body!.timestamp)).getTime()).toBeGreaterThan(Date.now() - 5000);
    expect(body!.sessionId).toEqual(browser.sessionStorage.getItem("analytics_session_id"));
  });

  it("keeps one session id per tab in sessionStorage", async () => {
    analytics.track("page_view");
    analytics.track("feature_used");
    await settle();
    const [first, second] = browser.sentBodies();
    expect(first!.sessionId).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second!.sessionId).toBe(first!.sessionId);
  });

  it("queues events while offline and resends them when the browser is back online", async () => {
    analytics.installAnalytics();
    browser.navigator.onLine = false;
    analytics.track("experiment_start", { experimentId: "a" });
    analytics.track("experiment_update", { experimentId: "a", properties: { day: 2 } });
    await settle();
    expect(browser.fetch).not.toHaveBeenCalled();
    expect(browser.queue().map((e) => e.event)).toEqual(["experiment_start", "experiment_update"]);

    browser.navigator.onLine = true;
    browser.emit("online");
    await vi.waitFor(() => expect(browser.fetch).toHaveBeenCalledTimes(2));
    expect(browser.sentBodies().map((e) => e.event)).toEqual(["experiment_start", "experiment_update"]);
    expect(browser.queue()).toEqual([]);
  });

  // A 500, not a 503: a 503 also pauses sending on a real timer that would fire after this file's fake browser
  // is gone (the 503 pause has its own test below, on fake timers).
  it("warns with the status text and queues the event when the API answers not ok", async () => {
    browser.fetch.mockResolvedValueOnce(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    analytics.track("image_upload");
    await settle();
    expect(browser.warn).toHaveBeenCalledWith("Analytics API failed: Internal Server Error");
    expect(browser.queue().map((e) => e.event)).toEqual(["image_upload"]);
  });

  it("holds events back after a 503 for its Retry-After, beacons none meanwhile, then resends them in order", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    analytics.installAnalytics();
    browser.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: "busy" }), { status: 503, headers: { "retry-after": "30" } }));
    analytics.track("page_view", { page: "/a" });
    await vi.advanceTimersByTimeAsync(0);
    analytics.track("page_view", { page: "/b" });
    expect(browser.fetch).toHaveBeenCalledTimes(1);
    expect(browser.queue().map((e) => e.page)).toEqual(["/a", "/b"]);

    browser.emit("pagehide");
    expect(browser.navigator.sendBeacon).not.toHaveBeenCalled();
    expect(browser.queue().map((e) => e.page)).toEqual(["/a", "/b"]);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(browser.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.sentBodies().map((e) => e.page)).toEqual(["/a", "/a", "/b"]);
    expect(browser.queue()).toEqual([]);
  });

  it("queues the event when the request fails, but not one the server refused as invalid", async () => {
    browser.fetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    analytics.track("content_generate");
    browser.fetch.mockResolvedValueOnce(new Response(null, { status: 400, statusText: "Bad Request" }));
    analytics.track("playbook_view");
    await settle();
    expect(browser.queue().map((e) => e.event)).toEqual(["content_generate"]);
  });

  it("keeps at most 100 queued events, dropping the oldest", async () => {
    browser.navigator.onLine = false;
    for (let i = 0; i < 105; i++) analytics.track("button_click", { value: i });
    const queue = browser.queue();
    expect(queue).toHaveLength(100);
    expect(queue[0]!.value).toBe(5);
    expect(queue[99]!.value).toBe(104);
  });

  it("sends the queue by sendBeacon when the page is hidden or left, keeping what the browser refuses", () => {
    analytics.installAnalytics();
    browser.navigator.onLine = false;
    analytics.track("annotation_saved", { properties: { saveMethod: "localStorage_fallback" } });
    analytics.track("feature_used");
    browser.navigator.onLine = true;
    browser.navigator.sendBeacon.mockReturnValueOnce(true).mockReturnValueOnce(false);
    browser.document.visibilityState = "hidden";
    browser.emit("visibilitychange");
    expect(browser.navigator.sendBeacon).toHaveBeenCalledTimes(2);
    const [url, body] = browser.navigator.sendBeacon.mock.calls[0]!;
    expect(url).toBe("/api/analytics/track");
    expect(JSON.parse(body)).toMatchObject({ event: "annotation_saved", properties: { saveMethod: "localStorage_fallback" } });
    expect(browser.queue().map((e) => e.event)).toEqual(["feature_used"]);

    browser.navigator.sendBeacon.mockReturnValue(true);
    browser.emit("pagehide");
    expect(browser.queue()).toEqual([]);
  });

  it("hands each event to gtag, Plausible and PostHog when present, and survives them throwing", async () => {
    const gtag = vi.fn();
    const plausible = vi.fn(() => {
      throw new Error("broken");
    });
    const capture = vi.fn();
    Object.assign(browser.window, { gtag, plausible, posthog: { capture } });
    analytics.track("ab_test_variant", { label: "B", experimentId: "hero" });
    await settle();
    expect(gtag).toHaveBeenCalledWith(
      "event",
      "ab_test_variant",
      expect.objectContaining({ event_label: "B", experimentId: "hero", page_path: "/builders" }),
    );
    expect(plausible).toHaveBeenCalledWith("ab_test_variant", { props: { page: "/builders", label: "B", experimentId: "hero" } });
    expect(capture).toHaveBeenCalledWith("ab_test_variant", { page: "/builders", label: "B", experimentId: "hero" });
    expect(browser.fetch).toHaveBeenCalledTimes(1);
  });
});

describe("error capture", () => {
  it("sends window errors and unhandled rejections as error_occurred with their details, once each", async () => {
    analytics.installAnalytics();
    const error = new Error("boom");
    const windowError = {
      message: "Uncaught Error: boom",
      error,
      filename: "https://lab.example/assets/index.js?v=1",
      lineno: 10,
      colno: 5,
    };
    browser.emit("error", windowError);
    browser.emit("error", windowError);
    browser.emit("unhandledrejection", { reason: new TypeError("nope") });
    browser.emit("unhandledrejection", { reason: { code: 42 } });
    await settle();
    const sent = browser.sentBodies();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({
      event: "error_occurred",
      message: "Uncaught Error: boom",
      component: "window",
      file: "https://lab.example/assets/index.js",
      line: 10,
      column: 5,
    });
    expect(String(sent[0]!.stack)).toContain("boom");
    expect(sent[1]).toMatchObject({ event: "error_occurred", message: "nope", component: "unhandledrejection" });
    expect(sent[2]).toMatchObject({ message: '{"code":42}' });
  });

  it("ignores opaque cross-origin script errors and stops after 20 error events", async () => {
    analytics.installAnalytics();
    browser.emit("error", { message: "Script error.", filename: "", lineno: 0, colno: 0 });
    for (let i = 0; i < 30; i++) analytics.trackError(new Error(`error ${i}`), "Boundary");
    await settle();
    expect(browser.fetch).toHaveBeenCalledTimes(20);
    expect(browser.sentBodies()[0]).toMatchObject({ message: "error 0", component: "Boundary" });
  });

  it("stops listening after uninstall", async () => {
    const uninstall = analytics.installAnalytics();
    expect(analytics.installAnalytics()).toBe(uninstall);
    uninstall();
    browser.emit("error", { message: "late", error: new Error("late"), filename: "x.js", lineno: 1, colno: 1 });
    await settle();
    expect(browser.fetch).not.toHaveBeenCalled();
  });
});
