import type { IcoEndec } from "ico-endec";
import { graphemes, type FaviconConfig } from "#common/site-assets/favicon.ts";
import { invalid } from "#server/infra/errors.ts";
import { loadSharp } from "#server/infra/image-processing.ts";
import { INTER_FONT_FAMILIES, loadEmojiSvg, loadInterFonts, loadSatori } from "./render-assets";

/**
 * Draws the favicon design as one square SVG, then rasterises it at each size with sharp (vector at every
 * size, never a scaled-down bitmap), with the OG image's emoji and font (render-assets.ts).
 */
const VIEWBOX = 100;
/** What the Latin subsets of Inter draw: Basic Latin to Latin Extended-B. */
const DRAWABLE_TEXT = /^[\u0020-\u024f]+$/u;
const TEXT_NOT_DRAWABLE = "Text: use letters, digits or symbols such as $ or & (for an emoji, choose Emoji)";

/** The inside of an SVG file (its paths), to nest under our own <svg> with its own viewBox. */
const svgBody = (svg: string) => svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

async function emojiDesign(config: FaviconConfig): Promise<string> {
  const emoji = graphemes(config.emoji);
  const bodies = await Promise.all(emoji.map(async (one) => (await loadEmojiSvg(one)).toString("utf8")));
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
  const [satori, fonts] = await Promise.all([loadSatori(), loadInterFonts(config.text)]);
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
          fontFamily: INTER_FONT_FAMILIES,
          fontWeight: 800,
          fontSize,
          letterSpacing: -2,
        },
        children: config.text,
      },
    },
    { width: VIEWBOX, height: VIEWBOX, fonts },
  );
}

/** The design as SVG (the preview and every size are drawn from it). Throws a 400 for an emoji with no image. */
export const faviconDesign = (config: FaviconConfig): Promise<string> =>
  config.type === "emoji" ? emojiDesign(config) : textDesign(config);

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
