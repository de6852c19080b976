import type { FastifyInstance } from "fastify";
import { sameSitePath } from "#common/pages/same-site-path.ts";

/** A query parameter that carries a password: "password", "confirmPassword", "newPassword", in any case or spelling. */
const isPasswordParamName = (name: string): boolean => /pass(word|wd)/.test(name.toLowerCase().replace(/[^a-z0-9]/g, ""));

const isApiPath = (pathname: string): boolean =>
  ["/api", "/trpc"].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * A form submitted the browser's own way before the page's scripts ran (`GET /login?email=...&password=...`)
 * puts the password in the address bar and the history. Such a GET or HEAD of a page answers 303 to the same
 * path without its query, before any other hook or handler sees the request: the page opens empty and the
 * URL with the password is not kept (no-store) nor sent on as a referrer. The request line itself is logged
 * before hooks run; the logger's URL redaction keeps the password out of it. API paths are left to their routes.
 */
export function registerPasswordQueryRedirect(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const at = request.url.indexOf("?");
    if (at === -1) return;
    const pathname = request.url.slice(0, at);
    if (isApiPath(pathname)) return;
    const names = [...new URLSearchParams(request.url.slice(at + 1)).keys()];
    if (!names.some(isPasswordParamName)) return;
    // The path as sent may be "//host/": only a same-site path is echoed back.
    const location = sameSitePath(pathname) ?? "/";
    return reply.code(303).header("Location", location).header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer").send();
  });
}
