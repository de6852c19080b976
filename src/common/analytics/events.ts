// Constants and types of the analytics beacon; the ingest's schema is in analytics-input.ts (server only).

/** The known event names. Other short snake_case names are accepted too. */
export const ANALYTICS_EVENTS = [
  "page_view",
  "experiment_start",
  "experiment_update",
  "image_upload",
  "content_generate",
  "playbook_view",
  "button_click",
  "performance_measure",
  "error_occurred",
  "feature_used",
  "ab_test_variant",
  "annotation_saved",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS_TRACK_PATH = "/api/analytics/track";
/** A tracked event is small; the route refuses bigger bodies with 413. */
export const ANALYTICS_BODY_LIMIT_BYTES = 8192;
export const ANALYTICS_EVENT_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** Text fields are cut to these lengths rather than refused: a long stack trace is still worth an event. */
export const ANALYTICS_TEXT_LIMITS = {
  page: 300,
  url: 1000,
  referrer: 1000,
  userAgent: 500,
  category: 100,
  label: 200,
  experimentId: 100,
  component: 200,
  sessionId: 100,
  message: 500,
  stack: 2000,
  file: 300,
  propertyValue: 200,
} as const;
export const ANALYTICS_MAX_PROPERTIES = 20;

export type AnalyticsPropertyValue = string | number | boolean | null;

/** What a client sends: the schema's input side, with the event name typed for autocompletion. */
export type AnalyticsTrackPayload = {
  event: AnalyticsEventName | (string & {});
  page: string;
  category?: string;
  label?: string;
  value?: number;
  experimentId?: string;
  component?: string;
  sessionId: string;
  timestamp: string;
  url: string;
  referrer: string;
  userAgent: string;
  message?: string;
  stack?: string;
  file?: string;
  line?: number;
  column?: number;
  properties?: Record<string, AnalyticsPropertyValue>;
};

/** Query parameters worth keeping in a tracked URL; everything else (reset tokens, emails...) is dropped. */
const KEPT_QUERY_PARAMETER = /^(utm_[a-z]+|ref|source)$/;

/**
 * A URL as analytics keeps it: scheme, host and path, plus campaign parameters. Query strings can carry
 * secrets (a password-reset token) and fragments are client state, so neither is kept.
 */
export function sanitizeTrackedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.split(/[?#]/, 1)[0] ?? "";
  }
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (KEPT_QUERY_PARAMETER.test(key)) kept.append(key, value);
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}
