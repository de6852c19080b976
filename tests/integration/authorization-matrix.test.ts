import { randomUUID } from "node:crypto";
import type { AnyTRPCProcedure } from "@trpc/server";
import type { FastifyInstance, InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#common/auth/accounts.ts";
import { FAVICON_FILES } from "#common/site-assets/favicon.ts";
import { appRouter } from "#server/trpc/router.ts";
import { expectAccess, type Access } from "../helpers/authorization";
import { useTestApp } from "../helpers/test-app";

/**
 * Who may call what, for EVERY REST route and tRPC procedure the app registers. A route or procedure
 * missing here fails the first two tests, so a new admin path cannot ship without its gate being checked.
 * The samples only need to reach the gate: after it, 400 or 404 are fine answers.
 */
type Sample = { access: Access; request: InjectOptions };
type ProcedureSample = { access: Access; input?: unknown };

const json = (method: "POST" | "PUT" | "DELETE", url: string, body: unknown = {}): InjectOptions => ({
  method,
  url,
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(body),
});
const get = (url: string): InjectOptions => ({ method: "GET", url });
/** A public page's form, posted the browser's own way. */
const form = (url: string): InjectOptions => ({
  method: "POST",
  url,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: "",
});
const unknownId = randomUUID();

const restRoutes: Record<string, Sample> = {
  "GET /healthz": { access: "public", request: get("/healthz") },
  // The public pages' forms, posted without scripts (what their JSON twins below answer, in HTML).
  "POST /login": { access: "public", request: form("/login") },
  "POST /system/admin": { access: "public", request: form("/system/admin") },
  "POST /signup": { access: "public", request: form("/signup") },
  "POST /forgot-password": { access: "public", request: form("/forgot-password") },
  "POST /reset-password": { access: "public", request: form("/reset-password") },
  "POST /": { access: "public", request: form("/") },
  "POST /builders": { access: "public", request: form("/builders") },
  "POST /unsubscribe": { access: "public", request: form("/unsubscribe") },
  "POST /waitlist/confirm": { access: "public", request: form("/waitlist/confirm") },
  "POST /waitlist/me": { access: "public", request: form("/waitlist/me") },
  "POST /api/auth/login": { access: "public", request: json("POST", "/api/auth/login") },
  // The code step: the challenge from a right password is the gate (second-factors.test.ts).
  "POST /api/auth/login/2fa": { access: "public", request: json("POST", "/api/auth/login/2fa") },
  "POST /api/auth/signup": { access: "public", request: json("POST", "/api/auth/signup") },
  // Signing out without a session is harmless: it clears the cookie.
  "POST /api/auth/logout": { access: "public", request: json("POST", "/api/auth/logout") },
  "POST /api/auth/reset-password": { access: "public", request: json("POST", "/api/auth/reset-password") },
  "POST /api/auth/reset-password/confirm": { access: "public", request: json("POST", "/api/auth/reset-password/confirm") },
  // Confirmation links opened from a mail: the token is the gate (email-verification, builders-ownership tests).
  "GET /verify-email": { access: "public", request: get("/verify-email?token=unknown") },
  "GET /builders/confirm": { access: "public", request: get("/builders/confirm?token=unknown") },
  "POST /api/analytics/track": { access: "public", request: json("POST", "/api/analytics/track") },
  "POST /api/waitlist/join": { access: "public", request: json("POST", "/api/waitlist/join") },
  "POST /api/waitlist/unsubscribe": { access: "public", request: json("POST", "/api/waitlist/unsubscribe") },
  "POST /api/waitlist/confirm": { access: "public", request: json("POST", "/api/waitlist/confirm") },
  "GET /api/waitlist/me": { access: "public", request: get("/api/waitlist/me") },
  "POST /api/waitlist/me/delete": { access: "public", request: json("POST", "/api/waitlist/me/delete") },
  "POST /api/waitlist/resend": { access: "public", request: json("POST", "/api/waitlist/resend") },
  "GET /api/builders": { access: "public", request: get("/api/builders") },
  "POST /api/builders": { access: "public", request: json("POST", "/api/builders") },
  // The join form is public, so its avatar upload is too (a strict budget per address).
  "POST /api/builders/avatar": { access: "public", request: json("POST", "/api/builders/avatar") },
  "GET /uploads/avatars/:id": { access: "public", request: get(`/uploads/avatars/${unknownId}`) },
  // Public paths whose gate is the image's own: a private image answers 404 to strangers (images-access.test.ts).
  "GET /uploads/images/:id": { access: "public", request: get(`/uploads/images/${unknownId}`) },
  // The secret token in the path is the gate: unknown or revoked tokens answer 404 (inbound-mail.test.ts).
  "POST /api/email/inbound/:token": { access: "public", request: json("POST", "/api/email/inbound/unknown-token") },
  "GET /uploads/images/:id/thumbnail": { access: "public", request: get(`/uploads/images/${unknownId}/thumbnail`) },
  // The site's og:image: crawlers fetch it (site-assets-og.test.ts).
  "GET /og-image.:hash.png": { access: "public", request: get("/og-image.0123456789ab.png") },
  "GET /og-image.:hash.jpg": { access: "public", request: get("/og-image.0123456789ab.jpg") },
  // The site's icons, crawler files and the list of active icons the pages use.
  ...Object.fromEntries(FAVICON_FILES.map((file) => [`GET /${file}`, { access: "public", request: get(`/${file}`) } satisfies Sample])),
  "GET /robots.txt": { access: "public", request: get("/robots.txt") },
  "GET /sitemap.xml": { access: "public", request: get("/sitemap.xml") },
  "GET /api/site-assets/active-favicons": { access: "public", request: get("/api/site-assets/active-favicons") },
  "GET /api/openapi.json": { access: "public", request: get("/api/openapi.json") },
  "GET /api/docs": { access: "public", request: get("/api/docs") },
  "GET /api/docs/": { access: "public", request: get("/api/docs/") },
  "GET /api/docs/static/index.html": { access: "public", request: get("/api/docs/static/index.html") },
  "GET /api/docs/static/swagger-initializer.js": { access: "public", request: get("/api/docs/static/swagger-initializer.js") },
  "GET /api/docs/*": { access: "public", request: get("/api/docs/static/swagger-ui.css") },
  "GET /api/docs/json": { access: "public", request: get("/api/docs/json") },
  "GET /api/docs/yaml": { access: "public", request: get("/api/docs/yaml") },

  // Opened from the mail sent to the new address: the single-use token is the gate (account-profile.test.ts).
  "GET /account/confirm-email": { access: "public", request: get("/account/confirm-email?token=unknown") },

  "POST /api/auth/verify-email/resend": { access: "member", request: json("POST", "/api/auth/verify-email/resend") },
  "GET /api/account/sessions": { access: "member", request: get("/api/account/sessions") },
  "DELETE /api/account/sessions": { access: "member", request: json("DELETE", `/api/account/sessions?id=${"0".repeat(64)}`) },
  "POST /api/account/sessions/end-others": { access: "member", request: json("POST", "/api/account/sessions/end-others") },
  "GET /api/account/export": { access: "member", request: get("/api/account/export") },
  "PUT /api/builders/mine": { access: "member", request: json("PUT", "/api/builders/mine") },
  "POST /api/images/upload": { access: "member", request: json("POST", "/api/images/upload") },
  "POST /api/images/annotate": { access: "member", request: json("POST", "/api/images/annotate") },
  "GET /api/playbook/chapters/:id/pdf": { access: "member", request: get(`/api/playbook/chapters/${unknownId}/pdf`) },

  "GET /api/admin/status": { access: "admin", request: get("/api/admin/status") },
  "GET /api/users": { access: "admin", request: get("/api/users") },
  "GET /api/analytics/dashboard": { access: "admin", request: get("/api/analytics/dashboard?timeRange=7d") },
  "GET /api/waitlist/admin": { access: "admin", request: get("/api/waitlist/admin") },
  "POST /api/email/newsletter": { access: "admin", request: json("POST", "/api/email/newsletter") },
  "GET /api/email/newsletter/progress": { access: "admin", request: get(`/api/email/newsletter/progress?sendId=${unknownId}`) },
  "DELETE /api/waitlist/admin": { access: "admin", request: json("DELETE", `/api/waitlist/admin?id=${unknownId}`) },
  "GET /api/waitlist/stats": { access: "admin", request: get("/api/waitlist/stats") },
  "GET /api/waitlist/export": { access: "admin", request: get("/api/waitlist/export") },
  "GET /api/builders/admin": { access: "admin", request: get("/api/builders/admin") },
  "PUT /api/builders/admin": { access: "admin", request: json("PUT", `/api/builders/admin?id=${unknownId}`, { status: "approved" }) },
  "POST /api/builders/admin": { access: "admin", request: json("POST", "/api/builders/admin") },
  "DELETE /api/builders": { access: "admin", request: json("DELETE", `/api/builders?id=${unknownId}`) },
  "GET /api/seo/checklist": { access: "admin", request: get("/api/seo/checklist") },
  "PUT /api/seo/checklist": { access: "admin", request: json("PUT", "/api/seo/checklist", { checkedItems: {} }) },
  "GET /api/content/bangers": { access: "admin", request: get("/api/content/bangers?action=list") },
  "POST /api/content/bangers": { access: "admin", request: json("POST", "/api/content/bangers") },
  "DELETE /api/content/bangers": { access: "admin", request: json("DELETE", `/api/content/bangers?id=${unknownId}`) },
  "GET /api/email/inbound-attachments/:id": { access: "admin", request: get(`/api/email/inbound-attachments/${unknownId}`) },
  "POST /api/email/send": { access: "admin", request: json("POST", "/api/email/send") },
  "POST /api/email/test-credentials": { access: "admin", request: json("POST", "/api/email/test-credentials") },
  "GET /api/email/templates": { access: "admin", request: get("/api/email/templates") },
  "POST /api/email/templates": { access: "admin", request: json("POST", "/api/email/templates") },
  "DELETE /api/email/templates": { access: "admin", request: json("DELETE", `/api/email/templates?id=${unknownId}`) },
  "POST /api/email/templates/preview": {
    access: "admin",
    request: json("POST", "/api/email/templates/preview", { templateId: unknownId }),
  },
  "POST /api/email/templates/test": {
    access: "admin",
    request: json("POST", "/api/email/templates/test", { templateId: unknownId, email: "" }),
  },
  "POST /api/email/templates/seed": { access: "admin", request: json("POST", "/api/email/templates/seed") },
  "POST /api/site-assets/update-og": { access: "admin", request: json("POST", "/api/site-assets/update-og") },
  "POST /api/site-assets/update-favicon": { access: "admin", request: json("POST", "/api/site-assets/update-favicon") },
  "GET /api/debug/kv-favicon-list": { access: "admin", request: get("/api/debug/kv-favicon-list") },
  "GET /api/today/generate": { access: "admin", request: get("/api/today/generate") },
  "POST /api/today/regenerate": { access: "admin", request: json("POST", "/api/today/regenerate") },
  "GET /api/backup/status": { access: "admin", request: get("/api/backup/status") },
  "POST /api/backup/export": { access: "admin", request: json("POST", "/api/backup/export", { namespaces: [] }) },
  "GET /api/backup/history/:id/download": { access: "admin", request: get(`/api/backup/history/${unknownId}/download`) },
  "POST /api/backup/restore": { access: "admin", request: json("POST", "/api/backup/restore") },
};

const procedures: Record<string, ProcedureSample> = {
  "auth.me": { access: "public" },
  "auth.login": { access: "public", input: {} },
  "auth.loginSecondFactor": { access: "public", input: {} },
  // Signing in with a passkey: the signed challenge is the gate (second-factors e2e).
  "passkeys.signInOptions": { access: "public" },
  "passkeys.signIn": { access: "public", input: {} },
  "auth.signup": { access: "public", input: {} },
  "auth.requestPasswordReset": { access: "public", input: {} },
  "auth.confirmPasswordReset": { access: "public", input: {} },
  "builders.list": { access: "public" },
  "builders.submit": { access: "public", input: {} },
  "waitlist.join": { access: "public", input: {} },
  "waitlist.unsubscribe": { access: "public", input: {} },
  "waitlist.confirm": { access: "public", input: {} },
  "waitlist.resendConfirmation": { access: "public", input: {} },
  "waitlist.myData": { access: "public", input: {} },
  "waitlist.deleteMe": { access: "public", input: {} },
  "images.getShared": { access: "public", input: { id: unknownId } },
  // A shared experiment's public page; another's private one answers 404 (tests/integration/lab.test.ts).
  "lab.get": { access: "public", input: { id: unknownId } },
  // Like REST's logout: without a session there is nothing to end, and the answer is the same.
  "auth.logout": { access: "public" },

  "builders.updateMine": { access: "member", input: {} },
  "auth.resendVerification": { access: "member" },
  "account.totpStart": { access: "member" },
  "account.totpConfirm": { access: "member", input: {} },
  "account.totpDisable": { access: "member", input: {} },
  "twoFactor.status": { access: "member" },
  "passkeys.list": { access: "member" },
  "passkeys.registrationOptions": { access: "member" },
  "passkeys.register": { access: "member", input: {} },
  "passkeys.rename": { access: "member", input: {} },
  "passkeys.delete": { access: "member", input: {} },
  "images.list": { access: "member", input: { experimentId: "general" } },
  "images.annotate": { access: "member", input: { imageId: unknownId, annotation: "" } },
  "images.delete": { access: "member", input: { imageId: unknownId } },
  "images.share": { access: "member", input: { imageId: unknownId, shared: true } },
  "lab.list": { access: "member" },
  "lab.calendar": { access: "member", input: { month: "2026-01" } },
  "lab.create": { access: "member", input: {} },
  "lab.edit": { access: "member", input: { id: unknownId } },
  "lab.setVisibility": { access: "member", input: { id: unknownId, visibility: "shared" } },
  "lab.move": { access: "member", input: { id: unknownId, status: "running" } },
  "lab.addUpdate": { access: "member", input: { experimentId: unknownId } },
  "lab.generateContent": { access: "member", input: { id: unknownId } },
  "lab.createTemplate": { access: "member", input: { id: unknownId } },
  "lab.delete": { access: "member", input: { id: unknownId } },
  "account.sessions": { access: "member" },
  "account.endSession": { access: "member", input: { id: "0".repeat(64) } },
  // Safe to run as the matrix's member: it ends the member's other sessions, not the one the test uses.
  "account.endOtherSessions": { access: "member" },
  "account.rename": { access: "member", input: {} },
  "account.changePassword": { access: "member", input: {} },
  "account.requestEmailChange": { access: "member", input: {} },
  "account.export": { access: "member" },
  // The matrix's member has no passkey: the gate is passed, and the service answers 400.
  "account.deletePasskeyOptions": { access: "member" },
  // A wrong password: the gate is passed, and nothing is deleted.
  "account.delete": { access: "member", input: { password: "not-the-password" } },

  "admin.overview": { access: "admin" },
  "users.list": { access: "admin", input: {} },
  // Past the admin gate, an admin who is no owner gets 403 from the service (users-admin.test.ts).
  "users.setRole": { access: "admin", input: {} },
  "users.disable": { access: "admin", input: {} },
  "users.resetSecondFactor": { access: "admin", input: {} },
  "bangers.list": { access: "admin", input: {} },
  "bangers.create": { access: "admin", input: {} },
  "bangers.update": { access: "admin", input: {} },
  "bangers.setStatus": { access: "admin", input: { id: unknownId, status: "ready" } },
  "bangers.delete": { access: "admin", input: { id: unknownId } },
  "bangers.campaign": { access: "admin", input: { id: unknownId } },
  "emailTemplates.list": { access: "admin" },
  "emailTemplates.save": { access: "admin", input: {} },
  "emailTemplates.delete": { access: "admin", input: { id: unknownId } },
  "emailTemplates.preview": { access: "admin", input: { templateId: unknownId } },
  "emailTemplates.test": { access: "admin", input: { templateId: unknownId, email: "" } },
  "emailTemplates.seed": { access: "admin" },
  "analytics.dashboard": { access: "admin", input: { timeRange: "1h" } },
  "analytics.funnel": { access: "admin", input: { timeRange: "30d" } },
  "builders.adminList": { access: "admin" },
  "builders.adminSetStatus": { access: "admin", input: { id: unknownId, status: "approved" } },
  "builders.adminCreate": { access: "admin", input: {} },
  "builders.adminDelete": { access: "admin", input: { id: unknownId } },
  "seo.checklist": { access: "admin" },
  "seo.toggle": { access: "admin", input: { id: 1, checked: true } },
  "seo.reset": { access: "admin" },
  "seo.replace": { access: "admin", input: { checkedItems: {} } },
  "siteAssets.favicon": { access: "admin" },
  "emailTest.checkCredentials": { access: "admin", input: {} },
  "siteAssets.activeFavicons": { access: "public" },
  "siteAssets.storedFavicons": { access: "admin" },
  "siteAssets.faviconPreview": { access: "admin", input: {} },
  "siteAssets.generateFavicon": { access: "admin", input: {} },
  "siteAssets.metaTags": { access: "admin" },
  "siteAssets.metaTagsPreview": { access: "admin", input: {} },
  "siteAssets.saveMetaTags": { access: "admin", input: {} },
  "today.plan": { access: "admin" },
  "today.regenerate": { access: "admin" },
  "today.setTaskDone": { access: "admin", input: { date: "2026-01-01", taskId: "none", done: true } },
  "imageTest.get": { access: "admin" },
  "imageTest.complete": { access: "admin", input: { test: "paste" } },
  "imageTest.reset": { access: "admin" },
  "emailTest.status": { access: "admin" },
  "emailTest.analytics": { access: "admin" },
  "emailTest.send": { access: "admin", input: {} },
  "inboundMail.generateWebhook": { access: "admin", input: { provider: "raw" } },
  "inboundMail.revokeWebhook": { access: "admin", input: { id: unknownId } },
  "inboundMail.list": { access: "admin" },
  "inboundMail.message": { access: "admin", input: { id: unknownId } },
  "system.status": { access: "admin" },
  "waitlist.adminList": { access: "admin", input: { page: 1, pageSize: 10 } },
  "newsletter.send": { access: "admin", input: { templateId: unknownId } },
  "newsletter.progress": { access: "admin", input: { sendId: unknownId } },
  "playbook.browse": { access: "member", input: {} },
  "playbook.chapter": { access: "member", input: { id: unknownId } },
  "playbook.toggleChecklistItem": { access: "member", input: { chapterId: unknownId, itemId: "x", done: true } },
  "playbook.rate": { access: "member", input: { chapterId: unknownId, rating: 5 } },
  "playbook.adminList": { access: "admin", input: {} },
  "playbook.draft": { access: "admin", input: { id: unknownId } },
  "playbook.create": { access: "admin", input: {} },
  "playbook.update": { access: "admin", input: {} },
  "playbook.setStatus": { access: "admin", input: { id: unknownId, status: "draft" } },
  "playbook.delete": { access: "admin", input: { id: unknownId } },
  // Past the gate the first admin call adds the starters and later ones answer 409: both pass the gate.
  "playbook.addStarters": { access: "admin" },
  "waitlist.adminStats": { access: "admin" },
  "waitlist.adminDelete": { access: "admin", input: { id: unknownId } },
  "siteAssetsOg.state": { access: "admin" },
  "siteAssetsOg.preview": { access: "admin", input: {} },
  "siteAssetsOg.renderPng": { access: "admin", input: {} },
  "siteAssetsOg.update": { access: "admin", input: {} },
  "backup.status": { access: "admin" },
  "backup.delete": { access: "admin", input: { id: unknownId } },
  "backup.restore": { access: "admin", input: { id: unknownId, dryRun: true } },
};

/** tRPC's one catch-all route; its procedures are classified one by one. */
const TRPC_ROUTE = "/trpc/:path";

/** At run time tRPC keeps every procedure in one flat record by dotted path (its type says nested). */
const registeredProcedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;

const t = useTestApp({ rateLimits: false });
const users = {} as { member: SessionUser; admin: SessionUser };

beforeAll(async () => {
  users.member = (await t.createUser("member")).user;
  users.admin = (await t.createUser("admin")).user;
});

describe("the authorization matrix", () => {
  it("classifies every registered REST route", () => {
    const all = registeredRoutes(t.app);
    expect(all).toContain(`POST ${TRPC_ROUTE}`);
    const registered = all.filter((route) => !route.endsWith(` ${TRPC_ROUTE}`));
    expect(notIn(Object.keys(restRoutes), registered), "routes to classify in this file").toEqual([]);
    expect(notIn(registered, Object.keys(restRoutes)), "classified routes that are no longer registered").toEqual([]);
  });

  it("classifies every tRPC procedure", () => {
    const registered = Object.keys(registeredProcedures);
    expect(notIn(Object.keys(procedures), registered), "procedures to classify in this file").toEqual([]);
    expect(notIn(registered, Object.keys(procedures)), "classified procedures that are no longer registered").toEqual([]);
  });

  it.each(Object.entries(restRoutes))("REST %s", async (route, { access, request }) => {
    await expectAccess(t, access, route, (headers) => t.inject({ ...request, headers: { ...request.headers, ...headers } }), users);
  });

  it.each(Object.entries(procedures))("tRPC %s", async (path, { access, input }) => {
    const request = trpcRequest(path, input);
    await expectAccess(t, access, path, (headers) => t.inject({ ...request, headers: { ...request.headers, ...headers } }), users);
  });
});

const notIn = (known: string[], names: string[]) => names.filter((name) => !known.includes(name));

function trpcRequest(path: string, input: unknown): InjectOptions {
  const type = registeredProcedures[path]?._def.type;
  if (type === "mutation") return json("POST", `/trpc/${path}`, input ?? null);
  if (type !== "query") throw new Error(`${path} is not a registered query or mutation`);
  return get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);
}

/**
 * Every REST route as "METHOD /path", read from Fastify's route tree (printRoutes draws one node a line,
 * a child's path continuing its parent's). HEAD is Fastify's automatic twin of each GET.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    if (!line.trim()) continue;
    const node = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) throw new Error(`Cannot read this line of the route tree: ${line}`);
    parents.length = node[1]!.length / 4;
    parents.push(node[2]!);
    for (const method of node[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push(`${method} ${parents.join("")}`);
    }
  }
  return routes;
}
