/**
 * Markup built from values, never by pasting them: every text and attribute value goes through escapeHtml
 * (the five characters OWASP names for HTML text and quoted attributes), and JSON placed in a <script>
 * cannot end it. Used for the heads the server writes into pages.
 */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

type Attributes = Record<string, string | number | undefined>;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join("");

/** A void element such as <meta> or <link>. Attribute names are the caller's constants, never input. */
export const voidElement = (name: "meta" | "link", attrs: Attributes): string => `<${name}${attributes(attrs)}>`;

export const textElement = (name: "title", text: string): string => `<${name}>${escapeHtml(text)}</${name}>`;

/**
 * JSON-LD: `<` is written as \u003c (still the same JSON), so no value can close the script or open a comment;
 * U+2028 and U+2029 likewise, for older parsers.
 */
export const jsonLdScript = (data: unknown): string =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")}</script>`;
