/**
 * What a cached server-rendered answer was built from. A write names the tags whose data it changes (in its
 * procedure's meta, `invalidates`); every instance then drops what it cached under those tags.
 * - `builders`: the public directory on /builders.
 * - `images`: a shared image's page (/lab/image/:id).
 * - `lab`: a shared experiment's page (/lab/:id).
 * - `page-heads`: every page's head (meta tags, favicon links, the OG image), built from the site's settings.
 */
export const CACHE_TAGS = ["builders", "images", "lab", "page-heads"] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];
