/** Longer than any path of this site with its query: a longer value is refused rather than parsed. */
const MAX_PATH_LENGTH = 2048;
const BASE = "https://same-site.invalid";
/** C0 controls and DEL, which URL parsers strip or keep in ways that differ between browsers and servers. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
/** Escapes that a browser, a proxy or a router may decode before acting on a path: dots, slashes, backslashes, controls, and `%` itself (double encoding). */
const PATH_ESCAPES = /%(2e|2f|5c|25|[01][0-9a-f]|7f)/gi;
/** `%252F` takes two rounds to become `/`: a value that still changes after this many rounds is refused. */
const MAX_DECODE_ROUNDS = 4;

/** Resolves a path against a dummy origin, as a browser resolves a link: dot segments (`%2e` too) removed. */
function resolve(value: string): URL | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}

/** A resolved pathname that cannot leave the site: one leading slash, and no backslash or control character. */
const isLocalPathname = (pathname: string): boolean =>
  pathname.startsWith("/") && !pathname.startsWith("//") && !CONTROL_OR_BACKSLASH.test(pathname);

/** The pathname with its dot, slash, backslash, control and `%` escapes decoded until nothing changes; null if it keeps changing. */
function decodePathEscapes(pathname: string): string | null {
  let current = pathname;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const next = current.replace(PATH_ESCAPES, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A path on this site to send a person to (a sign-in `callback`, a form's `next`), or null.
 * "/today", "/admin/waitlist?x=1#y" and "/lab/abc" pass, as their normalised pathname + search + hash.
 * Refused: anything not starting with a single "/" (a scheme, "//host", "\\host"), backslashes and control
 * characters anywhere, values past 2048 characters, and any path that resolves to "//host" or "/\host",
 * either as given ("/.//host", "/a/..//host", "/%2e%2e//host") or once its escaped slashes, backslashes and
 * dots are decoded ("/%2F%2Fhost", "/%5Chost"), since a browser, a proxy or a router may decode them.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || CONTROL_OR_BACKSLASH.test(value)) return null;
  const url = resolve(value);
  if (!url || !isLocalPathname(url.pathname)) return null;
  const decoded = decodePathEscapes(url.pathname);
  if (decoded === null || !isLocalPathname(decoded)) return null;
  const decodedUrl = resolve(decoded);
  if (!decodedUrl || !isLocalPathname(decodedUrl.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
