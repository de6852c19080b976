import { sameSitePath } from "../../../common/same-site-path";

/**
 * The `?callback=` target after sign-in, accepted only when it is a path on this site (the one rule,
 * shared with the server's form posts), so the login page cannot be turned into an open redirect.
 */
export const safeCallback = sameSitePath;

/** Appends `?callback=` to an auth link when there is a valid callback to carry along. */
export function withCallback(path: string, callback: string | null): string {
  return callback ? `${path}?callback=${encodeURIComponent(callback)}` : path;
}
