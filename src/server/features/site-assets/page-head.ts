import { faviconPngFile, type FaviconState } from "#common/site-assets/favicon.ts";
import type { MetaConfig } from "#common/site-assets/meta.ts";
import { jsonLdScript, textElement, voidElement } from "#server/infra/html-markup.ts";
import type { ActiveOgImage } from "#common/site-assets/og.ts";

/** What a page with its own subject (a builder list, a shared image...) says about itself; the rest comes from the site. */
export type PageSubject = {
  title?: string;
  description?: string;
  ogType?: "website" | "article" | "profile";
  /** Root-relative or absolute. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** Extra schema.org objects about the subject. */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
};

export type HeadInputs = {
  meta: MetaConfig;
  /** The server's PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  ogImage: ActiveOgImage | null;
  favicons: Pick<FaviconState, "files" | "version">;
  /** The page's path as asked, without the query. */
  path: string;
  subject: PageSubject | null;
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");
const absolute = (base: string, url: string) => (url.startsWith("/") ? `${base}${url}` : url);

/** The <link>s to the icons: with `?v=<version>` once a set is active, so a new set reaches every browser at once. */
export function iconLinks(favicons: HeadInputs["favicons"]): string[] {
  if (!favicons.version) return [voidElement("link", { rel: "icon", href: "/favicon.ico", sizes: "any" })];
  const has = (file: string) => favicons.files.includes(`/${file}`);
  const href = (file: string) => `/${file}?v=${favicons.version}`;
  const links: string[] = [];
  if (has("favicon.ico")) links.push(voidElement("link", { rel: "icon", href: href("favicon.ico"), sizes: "48x48" }));
  for (const size of [32, 16]) {
    const file = faviconPngFile(size);
    if (has(file)) links.push(voidElement("link", { rel: "icon", type: "image/png", sizes: `${size}x${size}`, href: href(file) }));
  }
  const apple = faviconPngFile(180);
  if (has(apple)) links.push(voidElement("link", { rel: "apple-touch-icon", sizes: "180x180", href: href(apple) }));
  if (has("site.webmanifest")) links.push(voidElement("link", { rel: "manifest", href: href("site.webmanifest") }));
  return links;
}

/** The head tags of one page: title, description, canonical, Open Graph, Twitter card, theme colour, icons, JSON-LD. */
export function renderHead(inputs: HeadInputs): string {
  const { meta, subject } = inputs;
  const site = trimSlash(meta.ogUrl || inputs.publicUrl);
  const canonical = `${trimSlash(meta.canonical || site)}${inputs.path}`;
  const title = subject?.title ? `${subject.title} | ${meta.title}` : meta.title;
  const description = subject?.description ?? meta.description;
  const siteImage = meta.ogImageUrl
    ? { url: meta.ogImageUrl }
    : inputs.ogImage
      ? { url: inputs.ogImage.url, width: inputs.ogImage.width, height: inputs.ogImage.height }
      : null;
  const image = subject?.image ?? siteImage;
  // Images live on this server: a root-relative one is made absolute with PUBLIC_URL, whatever the Site URL says.
  const imageUrl = image ? absolute(inputs.publicUrl, image.url) : undefined;
  const imageAlt = subject?.image?.alt ?? (meta.twitterImageAlt || undefined);
  // The site-wide Twitter fields speak for the site: a page with its own subject keeps its own words and image.
  const twitterImage = subject?.image ? imageUrl : meta.twitterImage ? absolute(inputs.publicUrl, meta.twitterImage) : imageUrl;
  const robots = subject?.noindex ? "noindex, nofollow" : meta.robots;

  const tags = [
    textElement("title", title),
    voidElement("meta", { name: "description", content: description }),
    meta.keywords ? voidElement("meta", { name: "keywords", content: meta.keywords }) : "",
    meta.author ? voidElement("meta", { name: "author", content: meta.author }) : "",
    voidElement("meta", { name: "robots", content: robots }),
    voidElement("link", { rel: "canonical", href: canonical }),
    voidElement("meta", { name: "theme-color", content: meta.themeColor }),
    voidElement("meta", { property: "og:type", content: subject?.ogType ?? "website" }),
    voidElement("meta", { property: "og:site_name", content: meta.title }),
    voidElement("meta", { property: "og:title", content: subject?.title ?? meta.title }),
    voidElement("meta", { property: "og:description", content: description }),
    voidElement("meta", { property: "og:url", content: canonical }),
    ...(imageUrl
      ? [
          voidElement("meta", { property: "og:image", content: imageUrl }),
          image?.width ? voidElement("meta", { property: "og:image:width", content: image.width }) : "",
          image?.height ? voidElement("meta", { property: "og:image:height", content: image.height }) : "",
          imageAlt ? voidElement("meta", { property: "og:image:alt", content: imageAlt }) : "",
        ]
      : []),
    voidElement("meta", { name: "twitter:card", content: meta.twitterCard }),
    meta.twitterSite ? voidElement("meta", { name: "twitter:site", content: meta.twitterSite }) : "",
    meta.twitterCreator ? voidElement("meta", { name: "twitter:creator", content: meta.twitterCreator }) : "",
    voidElement("meta", { name: "twitter:title", content: subject?.title ?? (meta.twitterTitle || meta.title) }),
    voidElement("meta", { name: "twitter:description", content: subject?.description ?? (meta.twitterDescription || description) }),
    twitterImage ? voidElement("meta", { name: "twitter:image", content: twitterImage }) : "",
    twitterImage && imageAlt ? voidElement("meta", { name: "twitter:image:alt", content: imageAlt }) : "",
    ...iconLinks(inputs.favicons),
    jsonLdScript({ "@context": "https://schema.org", "@graph": [...siteJsonLd(meta, site, inputs.publicUrl), ...(subject?.jsonLd ?? [])] }),
  ];
  return tags.filter(Boolean).join("\n    ");
}

/** The site itself for search engines: the organisation (or person) behind it, and the web site. */
function siteJsonLd(meta: MetaConfig, site: string, publicUrl: string): Record<string, unknown>[] {
  const owner: Record<string, unknown> = { "@type": meta.schemaType, name: meta.schemaName || meta.title, url: `${site}/` };
  if (meta.schemaLogo) owner.logo = absolute(publicUrl, meta.schemaLogo);
  const sameAs = meta.schemaSameAs.filter(Boolean);
  if (sameAs.length > 0) owner.sameAs = sameAs;
  const website = { "@type": "WebSite", name: meta.title, url: `${site}/`, description: meta.description };
  return meta.schemaType === "WebSite" ? [{ ...website, ...owner }] : [owner, website];
}
