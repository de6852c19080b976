import type { FastifyRequest } from "fastify";
import type { GeoLocation, GeoLookup } from "#server/infra/geo.ts";

/** What a session remembers of the browser that signed in: its User-Agent and the approximate place of its address. */
export type SignInClient = { userAgent: string | null; place: string | null };

const USER_AGENT_MAX = 512;

/** "Lyon, Auvergne-Rhône-Alpes, FR": the parts the lookup knows, most precise first; null when it knows none. */
export function placeOf(location: GeoLocation): string | null {
  const parts = [location.city, location.region, location.country].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(", ") : null;
}

/**
 * The request's browser and place. The address is looked up (decision 007) but not kept: the place is enough to
 * tell a person where a session is. A lookup that fails leaves the place unknown rather than failing the sign-in.
 */
export async function signInClientOf(request: FastifyRequest, geo: GeoLookup): Promise<SignInClient> {
  const agent = request.headers["user-agent"];
  const location = await geo.locate(request.ip, request.headers).catch(() => null);
  return { userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null, place: location ? placeOf(location) : null };
}
