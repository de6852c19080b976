import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FormReturn } from "#common/forms/form-post.ts";

/**
 * A form post's outcome travels to the page it redirects to (303: a reload does not post again) in a short-lived
 * cookie, read once by that page's rendering and cleared. It holds only what the page shows the person who
 * posted (a waitlist position, "check your email"), never a secret: forging one changes only one's own page.
 */
const COOKIE = "form_result";
const MAX_AGE_SECONDS = 60;
const MAX_BYTES = 3000;

type Stored = { path: string; formReturn: FormReturn };

const pathOf = (location: string) => new URL(location, "http://site.invalid").pathname;

export function writeFormResult(request: FastifyRequest, reply: FastifyReply, location: string, formReturn: FormReturn) {
  const value = Buffer.from(JSON.stringify({ path: pathOf(location), formReturn } satisfies Stored)).toString("base64url");
  if (value.length > MAX_BYTES) return;
  reply.setCookie(COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The outcome left for this page, if any: taken (the cookie is cleared), so it shows once. */
export function takeFormResult(request: FastifyRequest, reply: FastifyReply, pathname: string): FormReturn | null {
  const value = request.cookies[COOKIE];
  if (!value) return null;
  let stored: Partial<Stored> | null = null;
  try {
    stored = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Stored>;
  } catch {
    // A cookie that is not ours: dropped below.
  }
  if (stored?.path !== undefined && stored.path !== pathname) return null;
  reply.clearCookie(COOKIE, { path: "/" });
  return stored?.formReturn && typeof stored.formReturn === "object" ? stored.formReturn : null;
}
