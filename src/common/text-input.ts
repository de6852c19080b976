// One rule for every text a person or a client sends: no control characters and well-formed Unicode.
// Postgres refuses NUL in text (a NUL reached the database and answered 500), and a lone UTF-16 surrogate
// is silently turned into U+FFFD on its way to UTF-8, so two different inputs would be stored (or hashed)
// alike. zod/mini and z.refine only, which the public pages already ship.
import * as z from "zod/mini";

/** C0 controls other than tab, line feed and carriage return; DEL; surrogates that are not half of a pair. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for.
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeText = (value: string): boolean => UNSAFE_TEXT.test(value);

/** A string schema that refuses unsafe text first: `safeText("Full name").check(z.trim(), ...)`. */
export const safeText = (label: string, typeError = `${label} must be text`) =>
  z.string({ error: typeError }).check(
    z.refine((value) => !hasUnsafeText(value), { message: `${label} must not contain control characters or invalid Unicode`, abort: true }),
  );
