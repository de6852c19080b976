import { createHash } from "node:crypto";
import { DEFAULT_FAVICON_CONFIG, DEFAULT_THEME_COLOR, FAVICON_ICO_FILE } from "#common/site-assets/favicon.ts";
import { DEFAULT_META_CONFIG } from "#common/site-assets/meta.ts";
import { DEFAULT_FAVICON_ICO_BASE64 } from "./default-favicon-ico";
import { makeFaviconFiles } from "./favicon-files";

/** A built-in file: its bytes and a strong ETag of them. */
export type DefaultFaviconFile = { body: Buffer; etag: string };

const withEtag = (body: Buffer): DefaultFaviconFile => ({
  body,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
});

const defaultIco = withEtag(Buffer.from(DEFAULT_FAVICON_ICO_BASE64, "base64"));
let defaultSet: Promise<Map<string, DefaultFaviconFile>> | undefined;

/** What a favicon path serves before any set is generated: the built-in ICO, the rest drawn once on demand. */
export async function defaultFaviconFile(file: string): Promise<DefaultFaviconFile | null> {
  if (file === FAVICON_ICO_FILE) return defaultIco;
  defaultSet ??= makeFaviconFiles(DEFAULT_FAVICON_CONFIG, { name: DEFAULT_META_CONFIG.title, themeColor: DEFAULT_THEME_COLOR }).then(
    ({ files }) => new Map([...files].map(([name, body]) => [name, withEtag(body)])),
  );
  defaultSet.catch(() => (defaultSet = undefined));
  return (await defaultSet).get(file) ?? null;
}
