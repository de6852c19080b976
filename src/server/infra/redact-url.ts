import { INBOUND_PATH_PREFIX } from "#common/inbound-mail/inbound-mail.ts";

export const REDACTED = "[redacted]";

/** Paths whose next segment is itself a secret: an inbound mail address's token ("shown once, stored hashed"). */
const SECRET_SEGMENT_PREFIXES = [INBOUND_PATH_PREFIX];

/**
 * A query parameter's name, lower-cased with everything but letters and digits dropped ("api_key", "apiKey",
 * "X-Api-Key" and "user[apiKey]" all read "...apikey"), names a secret when it contains one of these words...
 */
const SECRET_NAME_WORDS = ["pass", "pwd", "secret", "token", "signature", "credential", "session", "cookie", "authoriz", "jwt"];
/** ...or ends with one of these ("key", "apikey", "accesskey"; "code", "authcode"; "sig"; "otp"; "auth"). */
const SECRET_NAME_ENDINGS = ["key", "code", "sig", "otp", "auth", "nonce", "hash"];

const normalisedName = (rawName: string): string => {
  let name = rawName.replace(/\+/g, " ");
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as written.
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
};

/**
 * Whether a query parameter's value is a secret by its name: passwords, tokens, codes, keys, signatures and the
 * like. It errs towards redacting ("postcode", "monkey"): a redacted harmless value costs nothing in a log.
 */
export function isSecretParamName(rawName: string): boolean {
  const name = normalisedName(rawName);
  return SECRET_NAME_WORDS.some((word) => name.includes(word)) || SECRET_NAME_ENDINGS.some((ending) => name.endsWith(ending));
}

const redactPath = (pathname: string): string => {
  for (const prefix of SECRET_SEGMENT_PREFIXES) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length);
    const end = rest.indexOf("/");
    const segment = end === -1 ? rest : rest.slice(0, end);
    if (segment) return `${prefix}${REDACTED}${end === -1 ? "" : rest.slice(end)}`;
  }
  return pathname;
};

const redactQuery = (query: string): string =>
  query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at === -1) return pair;
      const name = pair.slice(0, at);
      return isSecretParamName(name) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");

/**
 * A request URL (path and query, as the request line carries it) fit for a log line: the value of every query
 * parameter with a secret's name and every secret path segment written as `[redacted]`, everything else kept
 * as sent. "/reset-password?token=abc" -> "/reset-password?token=[redacted]",
 * "/api/email/inbound/abc" -> "/api/email/inbound/[redacted]". Every log line that carries a URL goes through it.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return redactPath(url);
  return `${redactPath(url.slice(0, at))}?${redactQuery(url.slice(at + 1))}`;
}
