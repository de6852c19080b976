/**
 * The `?callback=` target after sign-in, accepted only when it is a path on this site.
 * "/today" and "/admin/waitlist?x=1" pass; "https://evil.test", "//evil.test", "/\\evil.test",
 * "javascript:..." and anything with control characters are refused (returns null), so the
 * login page cannot be turned into an open redirect.
 */
export function safeCallback(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and backslashes: browsers normalise them in surprising ways.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = "https://same-site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Appends `?callback=` to an auth link when there is a valid callback to carry along. */
export function withCallback(path: string, callback: string | null): string {
  return callback ? `${path}?callback=${encodeURIComponent(callback)}` : path;
}
