import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FormRender } from "#common/forms/form-post.ts";
import type { ServerPageData } from "#common/pages/page-data.ts";
import { isPersonalPath, isServerRenderedPath } from "#common/pages/page-routes.ts";
import { readSessionToken } from "#server/auth/request-auth.ts";
import type { AppDeps } from "#server/deps.ts";
import { redactUrl } from "#server/infra/redact-url.ts";
import { takeFormResult } from "./form-result";
import { createPageCache } from "./page-cache";
import { serverPageData } from "./page-data";

export type RenderedPublicPage = {
  status: number;
  /** Replaces the built index.html's empty `<div id="root"></div>`: the page, and the state it hydrates with. */
  html: string;
  /** Rendered for one person (a form post's outcome, a page of their data): no cache may keep it. */
  personal?: true;
};

/** What src/client/entry-server.tsx exports (a separate build: the server imports nothing from the client). */
type ServerEntry = { renderPage(request: Request, data: ServerPageData, form?: FormRender): Promise<RenderedPublicPage> };

/** The page at `pathname` (GET), rendered with a form post's outcome when `form` is given. */
export type RenderPublicPage = (request: FastifyRequest, reply: FastifyReply, form?: FormRender) => Promise<RenderedPublicPage | null>;

/** Answers a form post by rendering its page with the outcome (the page's form shows what was typed and why it was refused). */
export type RenderFormPage = (request: FastifyRequest, reply: FastifyReply, pathname: string, form: FormRender) => Promise<FastifyReply>;

/**
 * Writes clear the cache on every instance through the cache bus; this bounds how stale a page can be while
 * the bus cannot reach the other instances. Long enough to serve a burst from memory.
 */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 500;

/**
 * Server rendering of the public pages (common/page-routes.ts says which). Anonymous visitors get the page from
 * a cache that a content write clears (the tags its procedure's meta names, published on the cache bus); a signed-in visitor's page is rendered for them (the directory shows
 * their own profile's Edit button). Null when the page is not server-rendered, when nothing is built, or when
 * rendering failed (logged): the caller then sends the client-rendered shell.
 */
export function registerServerRendering(app: FastifyInstance, deps: AppDeps): RenderPublicPage {
  const { config } = deps;
  if (!fs.existsSync(config.ssrEntry)) return async () => null;
  // Loaded with the first page, not at start: React's server renderer is memory the API alone never needs.
  let entry: Promise<ServerEntry> | undefined;
  const loadEntry = () => (entry ??= import(pathToFileURL(config.ssrEntry).href) as Promise<ServerEntry>);
  const cache = createPageCache<RenderedPublicPage>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });

  // A page shows builders, an image or an experiment, inside a head made from the site's settings.
  const unsubscribe = deps.services.cacheBus.subscribe(["builders", "images", "lab", "page-heads"], () => cache.clear());
  app.addHook("onClose", async () => unsubscribe());

  return async (request, reply, posted) => {
    const pathname = request.url.split("?", 1)[0]!;
    const anonymous = readSessionToken(request) === null;
    const isRead = request.method === "GET" || request.method === "HEAD";
    if ((!isRead && !posted) || !isServerRenderedPath(pathname, { signedIn: !anonymous })) return null;
    // A successful post's outcome, left for the page it redirected to.
    const left = posted ? null : takeFormResult(request, reply, pathname);
    const form = posted ?? (left ? { formReturn: left, status: 200 } : undefined);
    const personal = form !== undefined || isPersonalPath(pathname);
    const cacheable = anonymous && !personal;
    const cached = cacheable ? cache.get(request.url) : undefined;
    if (cached) return cached;
    try {
      const { renderPage } = await loadEntry();
      const page = await renderPage(new Request(new URL(request.url, config.publicUrl)), serverPageData(request, reply, deps), form);
      if (personal) return { ...page, personal: true };
      if (cacheable) cache.set(request.url, page);
      return page;
    } catch (error) {
      request.log.error({ err: error, url: redactUrl(request.url) }, "Server rendering failed: sending the client-rendered shell");
      return null;
    }
  };
}
