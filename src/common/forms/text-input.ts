// One rule for every text a person or a client sends: no control characters and well-formed Unicode.
// Postgres refuses NUL in text (a NUL reached the database and answered 500), and a lone UTF-16 surrogate
// is silently turned into U+FFFD on its way to UTF-8, so two different inputs would be stored (or hashed)
// alike. zod/mini and z.refine only, which the public pages already ship.
import * as z from "zod/mini";

/** C0 controls other than tab, line feed and carriage return; DEL; surrogates that are not half of a pair. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for.
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeText = (value: string): boolean => UNSAFE_TEXT.test(value);

/**
 * Characters that change how a name is shown without being seen: the byte-order mark, bidirectional
 * embeddings, overrides, isolates and marks (a right-to-left override makes "Ada\u202Eslp.exe" read
 * "Adaexe.pls"), zero-width spaces and non-joiners, the word joiner, and a zero-width joiner anywhere but
 * between two emoji (where it builds one, as in 👩‍💻).
 */
const INVISIBLE_FORMATTING =
  /[\ufeff\u202a-\u202e\u2066-\u2069\u200b\u200c\u200e\u200f\u2060]|(?<!\p{Extended_Pictographic}(?:\ufe0f|[\u{1f3fb}-\u{1f3ff}])?)\u200d|\u200d(?!\p{Extended_Pictographic})/u;

export const hasInvisibleFormatting = (value: string): boolean => INVISIBLE_FORMATTING.test(value);

/**
 * What a field holds. `text` (free text: bios, content, emails, ids) refuses only unsafe text: right-to-left
 * writing may need its marks and isolates, and pasted text often carries a stray zero-width space. `name`
 * (names of people and titles of things, shown to others as who or what they are) also refuses invisible
 * formatting, with which one name could pass for another.
 */
export type TextKind = "text" | "name";

/** A string schema that refuses unsafe text first: `safeText("Full name", undefined, "name").check(z.trim(), ...)`. */
export const safeText = (label: string, typeError = `${label} must be text`, kind: TextKind = "text") =>
  z.string({ error: typeError }).check(
    z.refine((value) => !hasUnsafeText(value), { message: `${label} must not contain control characters or invalid Unicode`, abort: true }),
    z.refine((value) => kind === "text" || !hasInvisibleFormatting(value), {
      message: `${label} must not contain invisible formatting characters (such as a byte-order mark or a right-to-left override)`,
      abort: true,
    }),
  );
