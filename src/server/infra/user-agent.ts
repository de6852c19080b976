import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import { boundedMemo } from "./bounded-memo";

export type DeviceType = "mobile" | "tablet" | "desktop";
export type UserAgentInfo = { isBot: boolean; deviceType: DeviceType; browser: string | null; os: string | null };
export type UserAgentLookup = { describe(userAgent: string | undefined): UserAgentInfo };

const NO_AGENT: UserAgentInfo = { isBot: false, deviceType: "desktop", browser: null, os: null };

/**
 * Bot detection (isbot) and device, browser and OS (ua-parser-js). Parsing costs tens of microseconds
 * and a site sees few distinct agents, so results are memoised in a small bounded map: a pure cache,
 * nothing a second instance would need to share.
 */
export function createUserAgentLookup(options: { cacheSize?: number } = {}): UserAgentLookup {
  const describe = boundedMemo(options.cacheSize ?? 1000, parse);
  return { describe: (userAgent) => (userAgent ? describe(userAgent) : NO_AGENT) };
}

function parse(userAgent: string): UserAgentInfo {
  if (isbot(userAgent)) return { ...NO_AGENT, isBot: true };
  const result = new UAParser(userAgent).getResult();
  return {
    isBot: false,
    deviceType: deviceTypeOf(result.device.type),
    // "Mobile Chrome" and "Chrome" are one browser; the device type already says mobile.
    browser: result.browser.name?.replace(/^Mobile /, "").slice(0, 50) ?? null,
    os: osNameOf(result.os.name),
  };
}

/**
 * ua-parser-js 1.x (MIT) names two systems the old way; stored events and the dashboard use the current
 * names, so every figure keeps one name per system.
 */
const OS_NAMES: Record<string, string> = { "Mac OS": "macOS", "Chromium OS": "Chrome OS" };

function osNameOf(name: string | undefined): string | null {
  if (!name) return null;
  return (OS_NAMES[name] ?? name).slice(0, 50);
}

/** ua-parser-js leaves the type empty for desktops; smart TVs, consoles and the like count as desktop too. */
function deviceTypeOf(type: string | undefined): DeviceType {
  if (type === "mobile" || type === "wearable") return "mobile";
  if (type === "tablet") return "tablet";
  return "desktop";
}
