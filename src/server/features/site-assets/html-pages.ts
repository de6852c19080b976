import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isBackOfficePath } from "#common/pages/site-paths.ts";
import type { Database } from "#server/db/client.ts";
import { isNotModified } from "#server/infra/conditional-request.ts";
import { sendEncoded, varyOnAcceptEncoding } from "#server/infra/content-encoding.ts";
import { serverRenderedShell } from "#server/features/ssr/index.ts";
import type { RenderedPublicPage } from "#server/features/ssr/index.ts";
import { getActiveOgImage } from "#server/features/site-assets/og/active-og-image.ts";
import { activeFavicons } from "./favicon-service";
import { PAGE_HEAD_PROVIDERS, type HeadProviderContext } from "./head-providers";
import { readMetaConfig } from "./meta-service";
import { renderHead, type PageSubject } from "./page-head";
import type { PageHeadCache } from "./page-head-cache";

type HtmlPagesDeps = { db: Database; publicUrl: string; clientDir: string; heads: PageHeadCache };
type RenderedPage = { html: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

/** The built index.html's own head tags that the server writes per page instead. */
const REPLACED_TAGS = [
  /<title>[\s\S]*?<\/title>/i,
  /<meta\s+name="description"[^>]*>/i,
  /<meta\s+name="theme-color"[^>]*>/i,
  /<link\s+rel="icon"[^>]*>/gi,
];

/** Splits the pattern's `:name` segments out of a path that matches it (as matchesPagePattern does), or null. */
function paramsOf(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split("/").filter(Boolean);
  const given = pathname.split("/").filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(given[i]!);
    else if (segment.toLowerCase() !== given[i]!.toLowerCase()) return null;
  }
  return params;
}

/**
 * Every page's HTML: the built index.html with the head this page deserves (crawlers run no JavaScript).
 * A page without ids in its path is rendered once, compressed once, and kept until a setting changes
 * (the `page-heads` cache tag); a page about one thing (a shared image) is rendered on each request. A page the
 * server rendered (features/ssr) goes into the server-rendered shell (inlined styles), its head as cached.
 */
export function createHtmlPages(deps: HtmlPagesDeps) {
  let template: string | undefined;
  let renderedTemplate: string | undefined;
  const loadTemplate = () =>
    (template ??= REPLACED_TAGS.reduce(
      (html, tag) => html.replace(tag, ""),
      fs.readFileSync(path.join(deps.clientDir, "index.html"), "utf8"),
    ).replace(/\n\s*\n/g, "\n"));
  const loadRenderedTemplate = () => (renderedTemplate ??= serverRenderedShell(loadTemplate(), deps.clientDir));

  const headOf = async (pathname: string, subject: PageSubject | null): Promise<string> => {
    const [{ config: meta }, ogImage, favicons] = await Promise.all([
      readMetaConfig(deps.db),
      getActiveOgImage(deps.db),
      activeFavicons(deps.db, deps.heads),
    ]);
    return `  ${renderHead({ meta, publicUrl: deps.publicUrl, ogImage, favicons, path: pathname, subject })}\n  </head>`;
  };
  const render = async (pathname: string, subject: PageSubject | null): Promise<RenderedPage> => {
    return withEtag(Buffer.from(loadTemplate().replace("</head>", await headOf(pathname, subject))));
  };
  const withEtag = (html: Buffer): RenderedPage => ({
    html,
    etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  });
  /** Brotli 11 for the pages kept until a setting changes; a quicker level for server-rendered ones, made more often. */
  const compressed = async (page: Promise<RenderedPage>, brotliQuality = 11): Promise<RenderedPage> => {
    const rendered = await page;
    return {
      ...rendered,
      br: brotliCompressSync(rendered.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } }),
      gzip: gzipSync(rendered.html, { level: brotliQuality === 11 ? 9 : 6 }),
    };
  };
  /** A server-rendered page, assembled and compressed once for as long as the renderer keeps it and the head holds. */
  const assembled = new WeakMap<RenderedPublicPage, { head: string; page: Promise<RenderedPage> }>();

  const providerContext: HeadProviderContext = {
    db: deps.db,
    absoluteUrl: (url) => (url.startsWith("/") ? `${deps.publicUrl}${url}` : url),
  };

  /**
   * What the page's head is about, and the key it is cached under: null for a page about one thing (its
   * subject is read on each request).
   */
  async function subjectOf(
    pathname: string,
    found: boolean,
  ): Promise<{ key: string | null; path: string; subject: () => Promise<PageSubject | null> }> {
    const normal = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
    if (!found) return { key: "not-found", path: normal, subject: async () => ({ title: "Page not found", noindex: true }) };
    if (isBackOfficePath(normal))
      return { key: "back-office", path: normal, subject: async () => ({ title: "Back office", noindex: true }) };
    for (const provider of PAGE_HEAD_PROVIDERS) {
      const params = paramsOf(provider.pattern, pathname);
      if (!params) continue;
      if (Object.keys(params).length === 0) return { key: normal, path: normal, subject: () => provider.subject(providerContext, params) };
      const subject = (await provider.subject(providerContext, params)) ?? { noindex: true };
      return { key: null, path: pathname, subject: async () => subject };
    }
    return { key: normal, path: normal, subject: async () => null };
  }

  /** The page's HTML: from the cache when its head depends on the settings alone. */
  async function pageFor(pathname: string, found: boolean): Promise<RenderedPage> {
    const { key, path: pagePath, subject } = await subjectOf(pathname, found);
    if (key === null) return render(pagePath, await subject());
    return deps.heads.cached(`page:${key}`, async () => compressed(render(pagePath, await subject())));
  }

  /** A server-rendered page: the body as rendered, the head as cached. */
  async function renderedPageFor(pathname: string, rendered: RenderedPublicPage): Promise<RenderedPage> {
    const { key, path: pagePath, subject } = await subjectOf(pathname, true);
    const head =
      key === null
        ? await headOf(pagePath, await subject())
        : await deps.heads.cached(`head:${key}`, async () => headOf(pagePath, await subject()));
    const known = assembled.get(rendered);
    if (known?.head === head) return known.page;
    const html = loadRenderedTemplate()
      .replace("</head>", () => head)
      .replace('<div id="root"></div>', () => rendered.html);
    const page = compressed(Promise.resolve(withEtag(Buffer.from(html))), 5);
    assembled.set(rendered, { head, page });
    return page;
  }

  return {
    /**
     * Answers a page path with its HTML (status 404 for a path that is none of the site's pages), with the
     * page inside when the server rendered it; ETag and compressed copies either way.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      pathname: string,
      found: boolean,
      rendered: RenderedPublicPage | null,
    ): Promise<FastifyReply> {
      const page = rendered ? await renderedPageFor(pathname, rendered) : await pageFor(pathname, found);
      const status = rendered ? rendered.status : found ? 200 : 404;
      reply.code(status).type("text/html; charset=utf-8");
      varyOnAcceptEncoding(reply);
      // A page rendered for one person (what their form post typed, their waitlist position) is never kept.
      if (rendered?.personal)
        return sendEncoded(request, reply.header("Cache-Control", "private, no-store"), {
          identity: page.html,
          br: page.br,
          gzip: page.gzip,
        });
      reply.header("Cache-Control", "no-cache").header("ETag", page.etag);
      if (status >= 200 && status < 300 && isNotModified(request, { etag: page.etag })) return reply.code(304).send();
      return sendEncoded(request, reply, { identity: page.html, br: page.br, gzip: page.gzip });
    },
  };
}
export type HtmlPages = ReturnType<typeof createHtmlPages>;
