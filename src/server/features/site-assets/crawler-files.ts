import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import type { Database } from "#server/db/client.ts";
import { listSharedExperimentIds } from "#server/features/lab/index.ts";
import { escapeHtml } from "#server/infra/html-markup.ts";

/**
 * robots.txt keeps crawlers out of the back office and the API (those answers also carry
 * X-Robots-Tag: noindex, for links that leak anyway) and points them to the sitemap.
 */
export const robotsTxt = (publicUrl: string): string =>
  ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /today", "Disallow: /api", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );

export type SitemapUrl = { path: string; lastModified?: Date; changeFrequency?: "daily" | "weekly" | "monthly" };
/** One kind of public page the sitemap lists; add a source to list more (shared experiments...). */
export type SitemapSource = (db: Database) => Promise<SitemapUrl[]>;

const publicPages: SitemapSource = async () => [
  { path: PUBLIC_PAGES.landing, changeFrequency: "weekly" },
  { path: PUBLIC_PAGES.builders, changeFrequency: "daily" },
  { path: PUBLIC_PAGES.signup, changeFrequency: "monthly" },
  { path: PUBLIC_PAGES.login, changeFrequency: "monthly" },
  { path: PUBLIC_PAGES.terms, changeFrequency: "monthly" },
  { path: PUBLIC_PAGES.privacy, changeFrequency: "monthly" },
  { path: PUBLIC_PAGES.demo, changeFrequency: "monthly" },
];

const sharedExperiments: SitemapSource = async (db) =>
  (await listSharedExperimentIds(db)).map(({ id, updatedAt }) => ({
    path: `/lab/${id}`,
    lastModified: updatedAt,
    changeFrequency: "weekly",
  }));

export const SITEMAP_SOURCES: SitemapSource[] = [publicPages, sharedExperiments];

/** The sitemap protocol's XML, every URL absolute from PUBLIC_URL. */
export async function sitemapXml(db: Database, publicUrl: string): Promise<string> {
  const urls = (await Promise.all(SITEMAP_SOURCES.map((source) => source(db)))).flat();
  const entries = urls.map((url) => {
    const parts = [`<loc>${escapeHtml(`${publicUrl}${url.path === "/" ? "/" : url.path}`)}</loc>`];
    if (url.lastModified) parts.push(`<lastmod>${url.lastModified.toISOString()}</lastmod>`);
    if (url.changeFrequency) parts.push(`<changefreq>${url.changeFrequency}</changefreq>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
