/**
 * Display helpers. Counts and months read the same on the server and in every browser (English, UTC), because
 * server-rendered pages show them and must hydrate as rendered; the first Intl formatter a page creates also
 * costs it about 20 ms of loading locale data, so every formatter here is built on first use. Times of day and
 * relative times are in the browser's locale: a server-rendered page shows them through LocalDateTime.
 */

/** Builds a formatter on first use: creating one costs milliseconds, which a page should not pay while it loads. */
function lazily<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/** The initial shown in an avatar: of the name, else of the email. */
export const initialOf = (nameOrEmail: string) => (nameOrEmail.trim()[0] ?? "?").toUpperCase();

/** "1,204": a whole number with its thousands grouped. */
export const formatCount = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "page view" or "page views", for a count of `count`. */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) => (count === 1 ? singular : pluralForm);

/** "1 page view", "1,204 page views". */
export const countText = (count: number, singular: string, pluralForm?: string) =>
  `${formatCount(count)} ${plural(count, singular, pluralForm)}`;

let regionNames: Intl.DisplayNames | null | undefined;
/** "DE" -> "Germany"; anything that is not a known region code is shown as stored. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(undefined, { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  if (!regionNames || !/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const relative = lazily(() => new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }));
const dateFormat = lazily(() => new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" }));
const dateTimeFormat = lazily(() => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }));
const utcDateTimeFormat = lazily(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }));

/** "just now", "5 minutes ago", "yesterday" within a week; a date after that. */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 45 * 60) return relative().format(Math.round(seconds / 60), "minute");
  if (abs < 22 * 3600) return relative().format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86400) return relative().format(Math.round(seconds / 86400), "day");
  return dateFormat().format(then);
}

export const formatDateTime = (iso: string) => dateTimeFormat().format(Date.parse(iso));

/** "Nov 23, 2026, 1:05 PM UTC": the same on the server and in every browser. */
export const formatUtcDateTime = (iso: string) => `${utcDateTimeFormat().format(Date.parse(iso))} UTC`;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "March 2026", the month in UTC. */
export function formatMonth(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "Nov 23, 2026": a calendar day (YYYY-MM-DD) as written, whatever the time zone. */
export function formatDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${MONTHS[month! - 1]!.slice(0, 3)} ${day}, ${year}`;
}

/** "Berlin, Brandenburg, Germany", "Germany", "Berlin", or null: where someone is, as far as it is known. */
export function placeText({
  city,
  region = null,
  country,
}: {
  city: string | null;
  region?: string | null;
  country: string | null;
}): string | null {
  const parts = [city, region !== city ? region : null, country ? countryName(country) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

const BYTE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;
/** "0 Bytes", "512 Bytes", "1.5 KB", "12.3 MB", "2.1 GB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, "")} ${BYTE_UNITS[unit]}`;
}
