import fs from "node:fs/promises";
import path from "node:path";
import type satoriFunction from "satori";
import { invalid } from "#server/infra/errors.ts";
import { PACKAGE_ROOT } from "#server/infra/package-root.ts";

/*
 * What the OG image and the favicon are drawn with: satori (text laid out as SVG paths, so no system font is
 * needed), Inter from @fontsource (.woff: satori reads no woff2) and Twemoji's SVG files (graphics CC-BY 4.0).
 * All of it loads with the first picture, never at server start.
 */

/** The font satori lays text out with: name, weight and the .woff bytes. */
export type InterFont = { name: string; data: Buffer; weight: 400 | 600 | 800; style: "normal" };

const FONT_DIR = path.join(PACKAGE_ROOT, "node_modules", "@fontsource", "inter", "files");
const EMOJI_DIR = path.join(PACKAGE_ROOT, "node_modules", "@twemoji", "svg");
/**
 * Latin (with its extensions) covers almost every title: it is parsed on the first render. The other scripts
 * Inter covers are parsed only when a text needs them, since each parsed font costs memory for good.
 */
const LATIN_SUBSETS = ["latin", "latin-ext"] as const;
const OTHER_SUBSETS = ["cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
const FONT_WEIGHTS = [400, 600, 800] as const;
/**
 * Text beyond what the Latin subsets hold: beyond Latin Extended-B, other than general punctuation, currency
 * signs and emoji. satori draws a "no glyph" box for such letters rather than asking for a font, so the text
 * is looked at first.
 */
const EMOJI_PARTS = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f/gu;
const BEYOND_LATIN = /[^\s\u0020-\u024f\u2000-\u206f\u20a0-\u20cf]/u;
const needsOtherScripts = (text: string) => BEYOND_LATIN.test(text.replace(EMOJI_PARTS, ""));

const fontFamily = (subset: string) => `Inter ${subset}`;
/** The CSS font-family list to draw with: Latin first, then the other scripts. */
export const INTER_FONT_FAMILIES = [...LATIN_SUBSETS, ...OTHER_SUBSETS].map(fontFamily).join(", ");

const readSubsets = (subsets: readonly string[]): Promise<InterFont[]> =>
  Promise.all(
    FONT_WEIGHTS.flatMap((weight) =>
      subsets.map(async (subset) => ({
        // One family per subset: satori keeps one font per family and weight, so same-named subsets would hide each other.
        name: fontFamily(subset),
        weight,
        style: "normal" as const,
        data: await fs.readFile(path.join(FONT_DIR, `inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );

/** A load that failed is tried again by the next render, not remembered. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

const loadLatinFonts = once(() => readSubsets(LATIN_SUBSETS));
const loadOtherScriptFonts = once(() => readSubsets(OTHER_SUBSETS));

/** The fonts a text needs, read on first use (never at server start) and kept. */
export async function loadInterFonts(text: string): Promise<InterFont[]> {
  const latin = await loadLatinFonts();
  return needsOtherScripts(text) ? [...latin, ...(await loadOtherScriptFonts())] : latin;
}

/** satori asks for a font for a script Inter lacks (CJK, Arabic...): refused rather than drawn as empty boxes. */
export function unsupportedScript(segment: string): never {
  throw invalid(
    `The font has no letters for "${segment.trim().slice(0, 20)}". Please use Latin, Greek, Cyrillic or Vietnamese letters and emoji.`,
  );
}

const ZERO_WIDTH_JOINER = "\u200d";
const VARIATION_SELECTOR_16 = /\ufe0f/g;

/** Twemoji's file name for an emoji: its code points in hex; FE0F is dropped unless the emoji is a ZWJ sequence. */
function twemojiNames(emoji: string): string[] {
  const hex = (text: string) => [...text].map((char) => char.codePointAt(0)!.toString(16)).join("-");
  const bare = hex(emoji.replace(VARIATION_SELECTOR_16, ""));
  return emoji.includes(ZERO_WIDTH_JOINER) ? [hex(emoji), bare] : [bare];
}

const emojiCache = new Map<string, Buffer>();

/**
 * The emoji's Twemoji SVG file. An emoji Twemoji has no picture for is refused with a 400 naming it: the
 * image would otherwise show a blank where it stood.
 */
export async function loadEmojiSvg(emoji: string): Promise<Buffer> {
  const cached = emojiCache.get(emoji);
  if (cached) return cached;
  for (const name of twemojiNames(emoji)) {
    const svg = await fs.readFile(path.join(EMOJI_DIR, `${name}.svg`)).catch(() => null);
    if (!svg) continue;
    emojiCache.set(emoji, svg);
    return svg;
  }
  throw invalid(`The emoji "${emoji}" has no image in the Twemoji set, so it cannot be drawn. Please choose another emoji.`);
}

/** The emoji as a data URL, for satori's `loadAdditionalAsset`. */
export const loadEmoji = async (emoji: string): Promise<string> =>
  `data:image/svg+xml;base64,${(await loadEmojiSvg(emoji)).toString("base64")}`;

type Satori = typeof satoriFunction;
export const loadSatori = once<Satori>(() => import("satori").then((module) => module.default));
