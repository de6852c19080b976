import { useEffect } from "react";
import { useLocation } from "react-router";
import { isBackOfficePath } from "#common/pages/site-paths.ts";
import {
  ANALYTICS_TEXT_LIMITS,
  ANALYTICS_TRACK_PATH,
  sanitizeTrackedUrl,
  type AnalyticsEventName,
  type AnalyticsTrackPayload,
} from "#common/analytics/events.ts";
import { rememberVisitCampaign, rememberVisitReferral } from "./visit-campaign";

/**
 * The beacon client: page views on every route change, `track()` for named events, window errors
 * and unhandled rejections as error_occurred. Events wait in localStorage while offline or after a
 * failed send and go out again when the browser is back online; on leaving the page the queue goes by
 * navigator.sendBeacon. Optional third-party tools (gtag, Plausible, PostHog) get each event when present.
 * No cookie and nothing identifying is kept: the session id lives in sessionStorage, per tab.
 */

const SESSION_KEY = "analytics_session_id";
const QUEUE_KEY = "analytics_queue";
/** Oldest events are dropped past this many. */
const QUEUE_LIMIT = 100;
/** How long to hold events back after a 503 or 429 that names no Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** A render loop must not flood the endpoint: at most this many error events per page load. */
const MAX_ERROR_EVENTS = 20;

export type TrackProps = Partial<
  Pick<
    AnalyticsTrackPayload,
    "page" | "category" | "label" | "value" | "experimentId" | "component" | "message" | "stack" | "file" | "line" | "column" | "properties"
  >
>;

type ThirdParties = {
  gtag?: (command: "event", name: string, params?: Record<string, unknown>) => void;
  plausible?: (name: string, options?: { props?: Record<string, unknown> }) => void;
  posthog?: { capture?: (name: string, props?: Record<string, unknown>) => void };
};

const inBrowser = () => typeof window !== "undefined" && typeof document !== "undefined";

export function track(event: AnalyticsEventName | (string & {}), props: TrackProps = {}): void {
  if (!inBrowser()) return;
  const payload: AnalyticsTrackPayload = {
    ...definedOnly(props),
    event,
    page: props.page ?? window.location.pathname,
    sessionId: sessionId(),
    timestamp: new Date().toISOString(),
    url: sanitizeTrackedUrl(window.location.href),
    referrer: document.referrer ? sanitizeTrackedUrl(document.referrer) : "",
    userAgent: navigator.userAgent,
  };
  forwardToThirdParties(payload);
  if (!navigator.onLine || sendingPaused()) {
    enqueue([payload]);
    return;
  }
  void send(payload);
}

/** For error boundaries: errors React catches never reach window.onerror. */
export function trackError(error: unknown, component?: string): void {
  const isError = error instanceof Error;
  reportError({ message: isError ? error.message : describe(error), stack: isError ? error.stack : undefined, component });
}

let lastPagePath: string | undefined;

/**
 * Sends page_view whenever the route's path changes (not for query or hash changes). Back-office pages are
 * the operator's own traffic: counting them would make admins visitors and trip the visitor alert.
 */
export function useTrackPageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // StrictMode runs effects twice in development: one path, one page view.
    if (pathname === lastPagePath || isBackOfficePath(pathname)) return;
    lastPagePath = pathname;
    track("page_view", { page: pathname });
  }, [pathname]);
}

/** Mount once inside the router: `<AnalyticsRouteTracker />`. */
export function AnalyticsRouteTracker(): null {
  useTrackPageViews();
  return null;
}

let uninstall: (() => void) | undefined;

/** Call once at start-up: error capture, resending the queue when online, the beacon on leaving. Idempotent. */
export function installAnalytics(): () => void {
  if (!inBrowser()) return () => {};
  if (uninstall) return uninstall;
  rememberVisitCampaign();
  rememberVisitReferral();
  const onOnline = () => void resendQueue();
  const onPageHide = () => beaconQueue();
  const onVisibility = () => {
    if (document.visibilityState === "hidden") beaconQueue();
  };
  window.addEventListener("error", onWindowError);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("online", onOnline);
  window.addEventListener("pagehide", onPageHide);
  document.addEventListener("visibilitychange", onVisibility);
  // Events left by an earlier visit (closed while offline) go out now.
  void resendQueue();
  uninstall = () => {
    window.removeEventListener("error", onWindowError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("pagehide", onPageHide);
    document.removeEventListener("visibilitychange", onVisibility);
    uninstall = undefined;
  };
  return uninstall;
}

/* ---------- sending ---------- */

async function send(payload: AnalyticsTrackPayload): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(ANALYTICS_TRACK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
      // Survives a navigation away; and no cookie is needed to count a visit.
      keepalive: true,
      credentials: "omit",
    });
  } catch {
    enqueue([payload]);
    return false;
  }
  if (response.ok) return true;
  console.warn(`Analytics API failed: ${response.statusText || response.status}`);
  if (response.status === 503 || response.status === 429) pauseSending(response);
  // 400 and 413 say the event itself is unacceptable: sending it again could never succeed.
  if (response.status !== 400 && response.status !== 413) enqueue([payload]);
  return false;
}

/** Events taken from the queue and not yet resent: put back if the page goes away meanwhile. */
let resending: AnalyticsTrackPayload[] = [];

/** The server asked to wait until then (503 or 429): events queue meanwhile and go out when it has passed. */
let pausedUntil = 0;
let resumeTimer: ReturnType<typeof setTimeout> | undefined;

const sendingPaused = () => Date.now() < pausedUntil;

function pauseSending(response: Response): void {
  const seconds = Number(response.headers.get("retry-after"));
  const delayMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS) * 1000;
  pausedUntil = Date.now() + delayMs;
  clearTimeout(resumeTimer);
  resumeTimer = setTimeout(() => void resendQueue(), delayMs);
}

async function resendQueue(): Promise<void> {
  if (resending.length > 0 || !navigator.onLine || sendingPaused()) return;
  resending = takeQueue();
  while (resending.length > 0) {
    const next = resending.shift()!;
    // send() queues a failed event again; stop there and leave the rest for the next chance.
    if (!(await send(next))) {
      enqueue(resending);
      resending = [];
    }
  }
}

function beaconQueue(): void {
  // A beacon cannot see its answer: while the server is refusing events, a beaconed one would be lost,
  // so the queue stays in localStorage for the next visit instead.
  if (typeof navigator.sendBeacon !== "function" || !navigator.onLine || sendingPaused()) return;
  const queued = [...takeQueue(), ...resending];
  resending = [];
  // A string body goes as text/plain, which the endpoint reads as JSON; false means the browser refused it.
  const refused = queued.filter((payload) => !navigator.sendBeacon(ANALYTICS_TRACK_PATH, JSON.stringify(payload)));
  if (refused.length > 0) enqueue(refused);
}

function forwardToThirdParties(payload: AnalyticsTrackPayload): void {
  const tools = window as unknown as ThirdParties;
  const props = definedOnly({
    page: payload.page,
    category: payload.category,
    label: payload.label,
    value: payload.value,
    experimentId: payload.experimentId,
    component: payload.component,
  });
  const attempt = (forward: () => void) => {
    try {
      forward();
    } catch {
      // A broken third-party script must not break the site or our own event.
    }
  };
  if (typeof tools.gtag === "function") {
    const gtag = tools.gtag;
    attempt(() =>
      gtag("event", payload.event, { ...props, event_category: payload.category, event_label: payload.label, page_path: payload.page }),
    );
  }
  if (typeof tools.plausible === "function") {
    const plausible = tools.plausible;
    attempt(() => plausible(payload.event, { props }));
  }
  if (typeof tools.posthog?.capture === "function") {
    const posthog = tools.posthog;
    attempt(() => posthog.capture?.(payload.event, props));
  }
}

/* ---------- errors ---------- */

let errorEvents = 0;
const seenErrors = new Set<string>();

function reportError(details: {
  message: string;
  stack?: string | undefined;
  component?: string | undefined;
  file?: string;
  line?: number;
  column?: number;
}): void {
  const key = `${details.message}|${details.file ?? ""}|${details.line ?? ""}`;
  if (errorEvents >= MAX_ERROR_EVENTS || seenErrors.has(key)) return;
  errorEvents += 1;
  seenErrors.add(key);
  track("error_occurred", {
    message: details.message.slice(0, ANALYTICS_TEXT_LIMITS.message),
    ...(details.stack ? { stack: details.stack.slice(0, ANALYTICS_TEXT_LIMITS.stack) } : {}),
    ...(details.component ? { component: details.component } : {}),
    ...(details.file ? { file: sanitizeTrackedUrl(details.file).slice(0, ANALYTICS_TEXT_LIMITS.file) } : {}),
    ...(details.line ? { line: details.line } : {}),
    ...(details.column ? { column: details.column } : {}),
  });
}

function onWindowError(event: ErrorEvent): void {
  // Scripts from other origins report only "Script error." with no detail: nothing to act on.
  if (!event.filename && /^Script error\.?$/.test(event.message)) return;
  const error: unknown = event.error;
  reportError({
    message: event.message || (error instanceof Error ? error.message : "Unknown error"),
    stack: error instanceof Error ? error.stack : undefined,
    component: "window",
    file: event.filename,
    line: event.lineno,
    column: event.colno,
  });
}

function onRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  const isError = reason instanceof Error;
  reportError({
    message: isError ? reason.message : describe(reason),
    stack: isError ? reason.stack : undefined,
    component: "unhandledrejection",
  });
}

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/* ---------- browser storage ---------- */

let cachedSessionId: string | undefined;

function sessionId(): string {
  if (cachedSessionId) return cachedSessionId;
  try {
    cachedSessionId = sessionStorage.getItem(SESSION_KEY) ?? undefined;
    if (!cachedSessionId) {
      cachedSessionId = randomId();
      sessionStorage.setItem(SESSION_KEY, cachedSessionId);
    }
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): one id for this page load.
    cachedSessionId ??= randomId();
  }
  return cachedSessionId;
}

function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only on https and localhost.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Used when localStorage is unavailable, so offline events still survive until the next reconnection. */
let memoryQueue: AnalyticsTrackPayload[] = [];

function readQueue(): AnalyticsTrackPayload[] {
  if (memoryQueue.length > 0) return memoryQueue;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as AnalyticsTrackPayload[]) : [];
  } catch {
    return memoryQueue;
  }
}

function writeQueue(queue: AnalyticsTrackPayload[]): void {
  const bounded = queue.slice(-QUEUE_LIMIT);
  try {
    if (bounded.length === 0) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify(bounded));
    memoryQueue = [];
  } catch {
    memoryQueue = bounded;
  }
}

function enqueue(payloads: AnalyticsTrackPayload[]): void {
  if (payloads.length > 0) writeQueue([...readQueue(), ...payloads]);
}

function takeQueue(): AnalyticsTrackPayload[] {
  const queue = readQueue();
  if (queue.length > 0) writeQueue([]);
  return queue;
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
