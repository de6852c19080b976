import fs from "node:fs/promises";
import path from "node:path";
import { invalid } from "../../../infra/errors";
import { PACKAGE_ROOT } from "../../../infra/package-root";

/** The font satori lays text out with: name, weight and the .woff bytes (satori reads no woff2). */
export type OgFont = { name: string; data: Buffer; weight: 400 | 600 | 800; style: "normal" };

const FONT_DIR = path.join(PACKAGE_ROOT, "node_modules", "@fontsource", "inter", "files");
const EMOJI_DIR = path.join(PACKAGE_ROOT, "node_modules", "@twemoji", "svg");
/** Latin first (most text), then the other scripts Inter covers: satori takes each glyph from the first font holding it. */
const FONT_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
const FONT_WEIGHTS = [400, 600, 800] as const;

let fonts: Promise<OgFont[]> | undefined;
/** Read once, on the first render (about 0.5 MB): never at server start. */
export const loadOgFonts = () =>
  (fonts ??= Promise.all(
    FONT_WEIGHTS.flatMap((weight) =>
      FONT_SUBSETS.map(async (subset) => ({
        name: "Inter",
        weight,
        style: "normal" as const,
        data: await fs.readFile(path.join(FONT_DIR, `inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  }));

const ZERO_WIDTH_JOINER = "\u200d";
const VARIATION_SELECTOR_16 = /\ufe0f/g;

/** Twemoji's file name for an emoji: its code points in hex; FE0F is dropped unless the emoji is a ZWJ sequence. */
function twemojiNames(emoji: string): string[] {
  const hex = (text: string) => [...text].map((char) => char.codePointAt(0)!.toString(16)).join("-");
  const bare = hex(emoji.replace(VARIATION_SELECTOR_16, ""));
  return emoji.includes(ZERO_WIDTH_JOINER) ? [hex(emoji), bare] : [bare];
}

const emojiCache = new Map<string, string>();

/**
 * The emoji as a data URL of its Twemoji SVG, for satori's `loadAdditionalAsset`. An emoji Twemoji has no
 * picture for is refused with a 400 naming it: the image would otherwise show a blank where it stood.
 */
export async function loadEmoji(emoji: string): Promise<string> {
  const cached = emojiCache.get(emoji);
  if (cached) return cached;
  for (const name of twemojiNames(emoji)) {
    const svg = await fs.readFile(path.join(EMOJI_DIR, `${name}.svg`)).catch(() => null);
    if (!svg) continue;
    const url = `data:image/svg+xml;base64,${svg.toString("base64")}`;
    emojiCache.set(emoji, url);
    return url;
  }
  throw invalid(`The emoji "${emoji}" has no image in the Twemoji set, so it cannot be drawn. Please choose another emoji.`);
}

/** Text in a script Inter does not cover (CJK, Arabic...) is refused rather than drawn as empty boxes. */
export function unsupportedScript(segment: string): never {
  throw invalid(`The font has no letters for "${segment.trim().slice(0, 20)}". Please use Latin, Greek, Cyrillic or Vietnamese letters and emoji.`);
}
