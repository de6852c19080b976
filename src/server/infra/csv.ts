/**
 * CSV writing (RFC 4180) for the back office's exports. No CSV library is installed, and writing is the easy
 * half of CSV: these few lines are tested in tests/unit/csv.test.ts.
 *
 * - A field is quoted when it holds a comma, a double quote, CR or LF; a double quote inside is doubled.
 * - Records end with CRLF, as RFC 4180 says.
 * - Formula injection (OWASP "CSV Injection"): a text cell starting with =, +, -, @, tab or CR would be run as a
 *   formula by Excel, LibreOffice or Sheets when the file is opened. Such a cell gets a leading apostrophe, which
 *   spreadsheets show as plain text. Numbers are written as they are: a number is never a formula.
 */

export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, guarded and quoted as needed. null and undefined are empty fields. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * Put first in a file that people open in Excel: the UTF-8 byte order mark makes Excel read names such as
 * "Zoë" or "Łukasz" correctly instead of guessing a legacy code page. Other CSV readers skip it.
 */
export const CSV_UTF8_BOM = "\uFEFF";
