import { hash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import { sanitizeTrackedUrl, type AnalyticsPropertyValue } from "#common/analytics/events.ts";
import { campaignOfUrl } from "#common/analytics/campaigns.ts";
import { analyticsTrackInput, type AnalyticsTrackInput } from "#common/analytics/input.ts";
import { boundedMemo } from "#server/infra/bounded-memo.ts";
import { DomainError } from "#server/infra/errors.ts";
import type { GeoLookup } from "#server/infra/geo.ts";
import { parseInput } from "#server/infra/http.ts";
import type { UserAgentLookup } from "#server/infra/user-agent.ts";
import type { DailySalts } from "./daily-salt";
import type { AnalyticsEventRow, EventWriter } from "./event-writer";

/** Who sent the event, as the transport saw it. The raw address is used here and never stored. */
export type TrackContext = { ip: string; userAgent: string | undefined; headers: IncomingHttpHeaders };
export type TrackOutcome = "accepted" | "ignored_bot";

/** What a refused beacon is told to wait: about how long the writer needs to catch up once the database answers. */
const TRACK_RETRY_AFTER_SECONDS = 30;
/**
 * How many distinct page URLs and referrers each keep their parsed form: a site's beacons repeat a few hundred
 * of them, and parsing one costs a few microseconds each time (bounded: at most about 2 MB of text).
 */
const PARSED_URLS_KEPT = 500;
/**
 * How many visitors keep their id and masked address: a visit sends several events from one address and browser,
 * and hashing costs a few microseconds each time. Kept for the day's salt only (see visitorIds).
 */
const VISITORS_KEPT = 10_000;

export type AnalyticsService = {
  /** Validates, enriches and buffers one event; resolves once it is buffered (not yet written). */
  track(body: unknown, context: TrackContext): Promise<TrackOutcome>;
};

export type AnalyticsServiceDeps = {
  salts: DailySalts;
  geo: GeoLookup;
  userAgents: UserAgentLookup;
  writer: EventWriter<AnalyticsEventRow>;
  now?: () => Date;
};

export function createAnalyticsService(deps: AnalyticsServiceDeps): AnalyticsService {
  const now = deps.now ?? (() => new Date());
  const landingOf = boundedMemo(PARSED_URLS_KEPT, landingOfUrl);
  const referrerHost = boundedMemo(PARSED_URLS_KEPT, referrerHostOf);
  const maskedIp = boundedMemo(VISITORS_KEPT, maskIp);
  const visitorIds = visitorIdsOfTheDay();
  return {
    async track(body, context) {
      const input = parseInput(analyticsTrackInput, body);
      const userAgent = context.userAgent || input.userAgent || "";
      const agent = deps.userAgents.describe(userAgent);
      if (agent.isBot) return "ignored_bot";

      const receivedAt = now();
      const [salt, place] = await Promise.all([deps.salts.saltFor(receivedAt), deps.geo.locate(context.ip, context.headers)]);
      const visitorId = visitorIds(salt, context.ip, userAgent);
      const landing = input.url ? landingOf(input.url) : NO_LANDING;
      const taken = deps.writer.push({
        receivedAt,
        clientTimestamp: input.timestamp ?? null,
        event: input.event,
        page: pageOf(input.page ?? landing.path),
        url: landing.url,
        category: input.category ?? null,
        label: input.label ?? null,
        value: input.value ?? null,
        component: input.component ?? null,
        experimentId: input.experimentId ?? null,
        properties: propertiesOf(input),
        // A client that sends no session id still groups its events: one session per visitor and day.
        sessionId: input.sessionId ?? `visitor:${visitorId.slice(0, 32)}`,
        visitorId,
        maskedIp: maskedIp(context.ip),
        country: place.country,
        region: place.region,
        city: place.city,
        timezone: place.timezone,
        deviceType: agent.deviceType,
        browser: agent.browser,
        os: agent.os,
        referrerHost: input.referrer ? referrerHost(input.referrer) : null,
        utmSource: landing.source,
        utmCampaign: landing.campaign,
      } satisfies AnalyticsEventRow);
      // Not answered 202, so not lost: the beacon client keeps the event and sends it again later.
      if (!taken)
        throw new DomainError(
          "unavailable",
          "Too many events are waiting to be stored. Please send this one again later.",
          TRACK_RETRY_AFTER_SECONDS,
        );
      return "accepted";
    },
  };
}

/**
 * Counts a visitor without a cookie and without keeping who they are: the same address and browser
 * give the same id all day, and nobody can link ids across days once the day's salt is deleted.
 */
export function visitorIdOf(salt: string, ip: string, userAgent: string): string {
  return idOfKey(visitorKeyOf(salt, ip, userAgent));
}

const visitorKeyOf = (salt: string, ip: string, userAgent: string) => `${salt}\n${ip}\n${userAgent}`;
const idOfKey = (key: string) => hash("sha256", key, "hex");

/**
 * visitorIdOf, remembered for the last VISITORS_KEPT visitors of the current salt. A new salt starts an empty
 * memory, so no address stays in memory beside a day's salt after the day has passed.
 */
function visitorIdsOfTheDay(): (salt: string, ip: string, userAgent: string) => string {
  let day: { salt: string; ids: (key: string) => string } | undefined;
  return (salt, ip, userAgent) => {
    if (day?.salt !== salt) day = { salt, ids: boundedMemo(VISITORS_KEPT, idOfKey) };
    return day.ids(visitorKeyOf(salt, ip, userAgent));
  };
}

/**
 * The stored form of an address: IPv4 with the last octet zeroed (203.0.113.0), IPv6 with only the
 * first three groups, the network prefix of a site (2001:db8:85a3::). Null for anything unreadable.
 */
export function maskIp(ip: string): string | null {
  const address = ip.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return maskIp(mapped[1]);
  if (isIPv4(address)) return address.replace(/\.\d+$/, ".0");
  if (!isIPv6(address)) return null;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  // Expand "::" to the zero groups it stands for, so "2001:db8::1" keeps 2001, db8 and 0.
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 3)
    .map((group) => (group.includes(".") ? "0" : group.replace(/^0+(?=.)/, "")));
  return `${groups.join(":")}::`;
}

/** What an event's URL says: the URL as stored (sanitised), its path, and the campaign it landed with. */
type Landing = { url: string | null; path: string | undefined; source: string | null; campaign: string | null };
const NO_LANDING: Landing = { url: null, path: undefined, source: null, campaign: null };

function landingOfUrl(raw: string): Landing {
  const url = sanitizeTrackedUrl(raw);
  return { url, path: pathOf(raw), ...campaignOfUrl(url) };
}

/** The path an event belongs to: the page the client named, else the URL's path. Never a query string. */
function pageOf(raw = "/"): string {
  return raw.split(/[?#]/, 1)[0] || "/";
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export function referrerHostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.slice(0, 255) || null;
  } catch {
    return null;
  }
}

/** The free-form properties, plus error_occurred's details where the client sent them. */
function propertiesOf(input: AnalyticsTrackInput): Record<string, AnalyticsPropertyValue> | null {
  const details: Record<string, AnalyticsPropertyValue> = {};
  for (const key of ["message", "stack", "file", "line", "column"] as const) {
    const value = input[key];
    if (value !== undefined) details[key] = value;
  }
  const merged = { ...input.properties, ...details };
  return Object.keys(merged).length > 0 ? merged : null;
}
