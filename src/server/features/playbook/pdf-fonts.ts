import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PACKAGE_ROOT } from "#server/infra/package-root.ts";

/*
 * The PDF's letters: Inter, embedded, so that Polish, Czech, Vietnamese, Greek and Cyrillic print as written
 * (pdfkit's built-in Helvetica knows Windows-1252 only). @fontsource ships Inter in per-script subsets, each
 * a .woff (fontkit, pdfkit's font engine, reads WOFF, not WOFF2); a text run is cut into pieces of one subset
 * each, by which file has the glyph. Files are read once per process, on first need, unwrapped from WOFF to
 * plain TrueType (fontkit's WOFF reader inflates the whole glyph table again for every glyph it reads: 150 ms
 * more per 8-page chapter) and handed to pdfkit as fontkit fonts (which pdfkit accepts as a font source): a
 * chapter in English reads only the Latin files.
 *
 * Inter has no CJK (Chinese, Japanese, Korean), Arabic, Hebrew, Devanagari, Thai or other Indic scripts, and
 * no emoji. Such a character prints as "?" and the PDF ends with a note naming the scripts it could not print
 * (docs/contract/limits-and-errors.md): the reader knows the page is not the whole text, and where to read it.
 */

export type FontStyle = "regular" | "bold" | "italic" | "boldItalic";
/** A piece of text and the font that draws it: a key of an Inter file, or a built-in font's name. */
export type FontRun = { text: string; font: { key: string; source: unknown } | string };

/** In the order tried: the subsets most text needs first, so most runs stay in one font. */
const SUBSETS = ["latin", "latin-ext", "vietnamese", "greek", "greek-ext", "cyrillic", "cyrillic-ext"] as const;
const FILE_STYLE: Record<FontStyle, string> = {
  regular: "400-normal",
  bold: "700-normal",
  italic: "400-italic",
  boldItalic: "700-italic",
};
const FONT_DIR = path.join(PACKAGE_ROOT, "node_modules", "@fontsource", "inter", "files");

/** The character that stands for one Inter cannot draw (Inter has no replacement-character or box glyph). */
export const MISSING_MARK = "?";

type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean };
type Fontkit = { create(buffer: Buffer): FontkitFont };

/** The TrueType (sfnt) file inside a WOFF 1.0 file: the same tables, inflated (W3C WOFF 1.0, sections 3 to 5). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF file");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  woff.copy(header, 0, 4, 8); // the flavor: the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** fontkit as pdfkit resolves it: the same engine pdfkit lays out and subsets with. */
let fontkit: Fontkit | undefined;
const loadFontkit = () => (fontkit ??= createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as Fontkit);

const fonts = new Map<string, FontkitFont>();
function interFont(subset: (typeof SUBSETS)[number], style: FontStyle): { key: string; source: FontkitFont } {
  const key = `Inter-${subset}-${FILE_STYLE[style]}`;
  let font = fonts.get(key);
  if (!font) {
    const woff = fs.readFileSync(path.join(FONT_DIR, `inter-${subset}-${FILE_STYLE[style]}.woff`));
    font = loadFontkit().create(woffToSfnt(woff));
    fonts.set(key, font);
  }
  return { key, source: font };
}

/** Which subset draws a code point, per style (null: none). */
const subsetOf = new Map<string, (typeof SUBSETS)[number] | null>();
function subsetFor(codePoint: number, style: FontStyle): (typeof SUBSETS)[number] | null {
  const memo = `${style}:${codePoint}`;
  let subset = subsetOf.get(memo);
  if (subset === undefined) {
    subset = SUBSETS.find((name) => interFont(name, style).source.hasGlyphForCodePoint(codePoint)) ?? null;
    subsetOf.set(memo, subset);
  }
  return subset;
}

/** What Courier, a built-in font, draws: Windows-1252. */
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339, 732, 352, 353,
  376, 381, 382,
]);
const inWinAnsi = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRA.has(codePoint);

/** Stand-ins for characters no font here has but a reader reads the same. */
const STAND_INS: Record<string, string> = { "\t": "  ", "→": "->", "←": "<-", "\u00ad": "" };

/**
 * Cuts `text` into runs of one font each. Inter in `style`; for `code`, Courier where Windows-1252 suffices,
 * Inter otherwise. A character in no font becomes MISSING_MARK and is added to `missing`. A run keeps its
 * font while that font has the next character (spaces and digits are in every subset), so a word changes font
 * only at a letter its font lacks.
 */
export function fontRuns(text: string, style: FontStyle | "code", missing: Set<string>): FontRun[] {
  const runs: FontRun[] = [];
  let current: FontRun | undefined;
  const add = (chars: string, font: FontRun["font"]) => {
    const sameFont =
      current && (typeof font === "string" ? current.font === font : typeof current.font !== "string" && current.font.key === font.key);
    if (current && sameFont) current.text += chars;
    else runs.push((current = { text: chars, font }));
  };
  const interStyle: FontStyle = style === "code" ? "regular" : style;
  // Composed forms (Vietnamese letters typed as base + mark) are single glyphs in Inter.
  for (const original of text.normalize("NFC")) {
    const chars = STAND_INS[original] ?? original;
    for (const char of chars) {
      if (char === "\n") {
        add(char, current?.font ?? interFont("latin", interStyle));
        continue;
      }
      const codePoint = char.codePointAt(0)!;
      if (style === "code" && inWinAnsi(codePoint)) {
        add(char, "Courier");
        continue;
      }
      // Keep the run's font when it has the glyph, else the first subset that has it.
      if (current && typeof current.font !== "string" && (fonts.get(current.font.key) as FontkitFont).hasGlyphForCodePoint(codePoint)) {
        add(char, current.font);
        continue;
      }
      const subset = subsetFor(codePoint, interStyle);
      if (subset) add(char, interFont(subset, interStyle));
      else if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char))
        continue; // invisible controls and stray marks: nothing to draw
      else {
        missing.add(char);
        add(MISSING_MARK, interFont("latin", interStyle));
      }
    }
  }
  return runs;
}

/** Script names a reader knows, for the note on characters the PDF could not print. */
const SCRIPTS: Array<[RegExp, string]> = [
  [/\p{Script=Han}/u, "Chinese and Japanese characters"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "Japanese kana"],
  [/\p{Script=Hangul}/u, "Korean"],
  [/[\u3000-\u303f\uff00-\uffef]/u, "CJK punctuation"],
  [/\p{Script=Arabic}/u, "Arabic"],
  [/\p{Script=Hebrew}/u, "Hebrew"],
  [/\p{Script=Devanagari}/u, "Devanagari"],
  [/\p{Script=Thai}/u, "Thai"],
  [/\p{Extended_Pictographic}/u, "emoji"],
];

/** The closing note of a PDF that could not print some characters, or null when it printed them all. */
export function missingCharactersNote(missing: ReadonlySet<string>): string | null {
  if (missing.size === 0) return null;
  const names = new Set<string>();
  for (const char of missing) names.add(SCRIPTS.find(([pattern]) => pattern.test(char))?.[1] ?? "some symbols");
  return (
    `Some characters of this chapter cannot be printed with the embedded font (Inter: Latin, Greek, Cyrillic and ` +
    `Vietnamese letters) and show as "${MISSING_MARK}": ${[...names].join(", ")}. Read the chapter on the site to see them.`
  );
}
