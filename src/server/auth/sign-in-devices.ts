import { count, eq, sql } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Executor } from "#server/db/client.ts";
import { knownSignInDevices } from "#server/db/schema/index.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { createUserAgentLookup, type DeviceType } from "#server/infra/user-agent.ts";
import type { SignInClient } from "./sign-in-client";

/** A pure memo of parsed agents (infra/user-agent.ts), shared by the sessions list and the sign-in check. */
const userAgents = createUserAgentLookup();

const DEVICE_WORD: Record<DeviceType, string> = { desktop: "computer", mobile: "phone", tablet: "tablet" };

/** How a person recognises a session: "macOS computer" and "Firefox", from the agent stored at sign-in. */
export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  if (!userAgent) return { device: "Unknown device", browser: "Unknown browser" };
  const info = userAgents.describe(userAgent);
  return {
    device: info.os ? `${info.os} ${DEVICE_WORD[info.deviceType]}` : "Unknown device",
    browser: info.browser ?? "Unknown browser",
  };
}

/** Browser, system and place in one digest: a sign-in from another version of the same browser is not new. */
const fingerprintOf = (client: SignInClient) => {
  const { device, browser } = describeUserAgent(client.userAgent);
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${browser}|${device}|${client.place ?? ""}`)));
};

/**
 * Records the browser and place of a sign-in; when the account has signed in before from others but never from
 * this one, mails the owner (with where, and the link to end the session). The first ever sign-in (signup, or
 * the first one since this record exists) mails nothing: there is nothing yet to compare with.
 */
export async function noteSignInDevice(
  db: Executor,
  account: { id: string; email: string; name: string },
  client: SignInClient,
  publicUrl: string,
  now = new Date(),
): Promise<{ newDevice: boolean }> {
  const fingerprint = fingerprintOf(client);
  const [inserted] = await db
    .insert(knownSignInDevices)
    .values({ userId: account.id, fingerprint, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownSignInDevices.userId, knownSignInDevices.fingerprint], set: { lastSeenAt: now } })
    .returning({ fresh: sql<boolean>`(xmax = 0)` });
  if (!inserted?.fresh) return { newDevice: false };
  const [others] = await db.select({ n: count() }).from(knownSignInDevices).where(eq(knownSignInDevices.userId, account.id));
  if ((others?.n ?? 0) <= 1) return { newDevice: false };
  const { device, browser } = describeUserAgent(client.userAgent);
  await enqueueMail(db, {
    to: account.email,
    subject: "New sign-in to your account",
    text:
      `Hi ${account.name},\n\nYour account was just signed in to from a browser or place it had not been used from before:\n\n` +
      `  ${browser} on ${device}\n  ${client.place ?? "Unknown place"}\n  ${now.toUTCString()}\n\n` +
      `If this was you, there is nothing to do. If not, end that session and change your password here:\n\n` +
      `${publicUrl}/account#sessions\n`,
  });
  return { newDevice: true };
}
