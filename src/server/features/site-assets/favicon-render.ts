import fs from "node:fs/promises";
import path from "node:path";
import type { IcoEndec } from "ico-endec";
import { graphemes, type FaviconConfig } from "../../../common/site-assets-favicon";
import { invalid } from "../../infra/errors";
import { loadSharp } from "../../infra/image-processing";
import { PACKAGE_ROOT } from "../../infra/package-root";

/**
 * Draws the favicon design as one square SVG, then rasterises it at each size with sharp (vector at every
 * size, never a scaled-down bitmap). Emoji are Twemoji's SVG files (graphics CC-BY 4.0); text is laid out by
 * satori in Inter (woff: satori cannot read woff2), which turns the glyphs into paths, so no system font is
 * needed. satori, sharp and the font load with the first favicon, not at start.
 */
const VIEWBOX = 100;
const MODULES = path.join(PACKAGE_ROOT, "node_modules");
const TWEMOJI_DIR = path.join(MODULES, "@twemoji/svg");
const INTER_FILES = ["inter-latin-700-normal.woff", "inter-latin-ext-700-normal.woff"].map((file) => path.join(MODULES, "@fontsource/inter/files", file));
/** What the two Inter subsets draw: Basic Latin to Latin Extended-B. */
const DRAWABLE_TEXT = /^[\u0020-\u024f]+$/u;
const TEXT_NOT_DRAWABLE = "Text: use letters, digits or symbols such as $ or & (for an emoji, choose Emoji)";

const importSatori = () => import("satori");
let satoriModule: ReturnType<typeof importSatori> | undefined;
let interFonts: Promise<Buffer[]> | undefined;
const loadSatori = () => (satoriModule ??= importSatori());
const loadInter = () => (interFonts ??= Promise.all(INTER_FILES.map((file) => fs.readFile(file))));

/** Twemoji names a file by its code points in hex; most names leave out the variation selector U+FE0F. */
async function twemojiSvg(emoji: string): Promise<string> {
  const codePoints = Array.from(emoji, (char) => char.codePointAt(0)!.toString(16));
  const candidates = [codePoints.filter((point) => point !== "fe0f").join("-"), codePoints.join("-")];
  for (const name of candidates) {
    const svg = await fs.readFile(path.join(TWEMOJI_DIR, `${name}.svg`), "utf8").catch(() => null);
    if (svg) return svg;
  }
  throw invalid(`No image exists for the emoji ${emoji}: choose another emoji`);
}

/** The inside of an SVG file (its paths), to nest under our own <svg> with its own viewBox. */
const svgBody = (svg: string) => svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

async function emojiDesign(config: FaviconConfig): Promise<string> {
  const emoji = graphemes(config.emoji);
  const bodies = await Promise.all(emoji.map(twemojiSvg));
  // One emoji fills 80% of the square; two sit side by side.
  const side = bodies.length === 1 ? 80 : 48;
  const top = (VIEWBOX - side) / 2;
  const nested = bodies
    .map((svg, i) => {
      const left = bodies.length === 1 ? top : 2 + i * side;
      return `<svg x="${left}" y="${top}" width="${side}" height="${side}" viewBox="0 0 36 36">${svgBody(svg)}</svg>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEWBOX} ${VIEWBOX}"><rect width="${VIEWBOX}" height="${VIEWBOX}" fill="${config.backgroundColor}"/>${nested}</svg>`;
}

async function textDesign(config: FaviconConfig): Promise<string> {
  if (!DRAWABLE_TEXT.test(config.text)) throw invalid(TEXT_NOT_DRAWABLE);
  const [{ default: satori }, fonts] = await Promise.all([loadSatori(), loadInter()]);
  const fontSize = graphemes(config.text).length === 1 ? 72 : 50;
  return satori(
    {
      type: "div",
      key: null,
      props: {
        style: {
          width: "100%",
          height: "100%",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: config.backgroundColor,
          color: config.textColor,
          fontFamily: "Inter",
          fontWeight: 700,
          fontSize,
          letterSpacing: -2,
        },
        children: config.text,
      },
    },
    { width: VIEWBOX, height: VIEWBOX, fonts: fonts.map((data) => ({ name: "Inter", data, weight: 700 as const, style: "normal" as const })) },
  );
}

/** The design as SVG (the preview and every size are drawn from it). Throws a 400 for an emoji with no image. */
export const faviconDesign = (config: FaviconConfig): Promise<string> => (config.type === "emoji" ? emojiDesign(config) : textDesign(config));

export async function rasterise(svg: string, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  // The SVG is 100 units wide at 72 dpi: this density draws it at `size` pixels.
  return sharp(Buffer.from(svg), { density: (72 * size) / VIEWBOX })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** ico-endec is a UMD bundle: Node's loader gives it as the default export, tsx as named exports. */
export async function loadIcoEndec(): Promise<IcoEndec> {
  const loaded = await import("ico-endec");
  const asDefault = loaded.default;
  return asDefault ?? { encode: loaded.encode!, decode: loaded.decode! };
}

/** One ICO of PNG entries, as every current browser reads. */
export async function encodeIco(pngs: Buffer[]): Promise<Buffer> {
  return (await loadIcoEndec()).encode(pngs);
}
