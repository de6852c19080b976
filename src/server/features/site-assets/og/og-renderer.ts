import os from "node:os";
import { OG_CANVAS, OG_PATTERN_SPACING, type OgConfig } from "#common/site-assets/og.ts";
import { DomainError } from "#server/infra/errors.ts";
import { loadSharp } from "#server/infra/image-processing.ts";
import { createWorkLimiter } from "#server/infra/work-limiter.ts";
import {
  INTER_FONT_FAMILIES,
  loadEmoji,
  loadInterFonts,
  loadSatori,
  unsupportedScript,
} from "#server/features/site-assets/render-assets.ts";

/**
 * One renderer for the preview and the stored image: satori lays out the design as an SVG whose text is
 * paths (so the browser shows exactly what the PNG will be, with no font of its own), sharp rasterizes it.
 * Both load with the first render, never at server start (the memory budget).
 */

type Style = Record<string, string | number>;
/** The element shape satori reads: React's, without React on the server. */
type Node = { type: "div" | "span"; props: { style: Style; children?: Node | Node[] | string } };
const div = (style: Style, children?: Node | Node[] | string): Node => ({ type: "div", props: { style, children } });

/** The frame sits this far inside the canvas, so its rounded corners and shadow show on the background. */
const FRAME_INSET = 28;
/**
 * The frame's shadow is drawn as rings of fading ink around it, dropped a little: a blurred CSS box-shadow
 * becomes an SVG filter over the whole frame, which costs the rasterizer about 800 ms (the budget is 300).
 * The rings' count and width cap how far it reaches.
 */
const SHADOW_RINGS = [0.1, 0.075, 0.055, 0.04, 0.028, 0.018, 0.01] as const;
const SHADOW_RING_WIDTH = 3;
const SHADOW_DROP_PER_RING = 2;
const DOMAIN_SIZE = 24;

const ALIGN = { centered: "center", "left-aligned": "flex-start", "right-aligned": "flex-end" } as const;
const TEXT_ALIGN = { centered: "center", "left-aligned": "left", "right-aligned": "right" } as const;

/** `#rrggbb` at an opacity, for the pattern's ink. */
function withAlpha(hex: string, alpha: number): string {
  const channel = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  return `rgba(${channel(1)}, ${channel(3)}, ${channel(5)}, ${alpha})`;
}

function backgroundStyle(config: OgConfig): Style {
  if (config.backgroundType === "gradient") {
    return { backgroundImage: `linear-gradient(135deg, ${config.gradientColors[0]}, ${config.gradientColors[1]})` };
  }
  const solid = { backgroundColor: config.backgroundColor };
  if (config.backgroundType === "solid" || config.pattern === "none") return solid;
  const ink = withAlpha(config.textColor, 0.16);
  // Stops in percent: satori draws nothing for a radial gradient whose stops are in px.
  if (config.pattern === "dots") {
    const spacing = OG_PATTERN_SPACING.dots;
    return {
      ...solid,
      backgroundImage: `radial-gradient(circle at center, ${ink} 12%, transparent 14%)`,
      backgroundSize: `${spacing}px ${spacing}px`,
    };
  }
  const spacing = OG_PATTERN_SPACING.lines;
  return {
    ...solid,
    backgroundImage: `linear-gradient(135deg, ${ink} 2px, transparent 2px, transparent ${spacing / 2}px, ${ink} ${spacing / 2}px, ${ink} ${spacing / 2 + 2}px, transparent ${spacing / 2 + 2}px)`,
    backgroundSize: `${spacing}px ${spacing}px`,
  };
}

function frameStyle(config: OgConfig): Style {
  const style: Style = {
    display: "flex",
    flexDirection: "column",
    position: "absolute",
    top: FRAME_INSET,
    right: FRAME_INSET,
    bottom: FRAME_INSET,
    left: FRAME_INSET,
    alignItems: ALIGN[config.layout],
    justifyContent: "center",
    padding: config.padding - FRAME_INSET,
    borderRadius: config.roundedCorners,
  };
  if (config.borderWidth > 0)
    Object.assign(style, { borderWidth: config.borderWidth, borderStyle: "solid", borderColor: config.borderColor });
  return style;
}

function shadowRings(config: OgConfig): Node[] {
  if (!config.shadowEnabled) return [];
  return SHADOW_RINGS.map((alpha, index) => {
    const spread = (index + 1) * SHADOW_RING_WIDTH;
    const drop = (index + 1) * SHADOW_DROP_PER_RING;
    return div({
      display: "flex",
      position: "absolute",
      top: FRAME_INSET - spread + drop,
      left: FRAME_INSET - spread,
      right: FRAME_INSET - spread,
      bottom: FRAME_INSET - spread - drop,
      borderRadius: config.roundedCorners + spread,
      borderWidth: SHADOW_RING_WIDTH,
      borderStyle: "solid",
      borderColor: `rgba(0, 0, 0, ${alpha})`,
    });
  });
}

/** The design as satori elements: every element with several children is a flex box, as satori requires. */
export function ogElementTree(config: OgConfig): Node {
  // A word longer than the line (a URL, "AAAA...") breaks instead of running out of the image.
  const line: Style = { display: "flex", maxWidth: "100%", textAlign: TEXT_ALIGN[config.layout], wordBreak: "break-word" };
  const text: Node[] = [
    div({ ...line, fontSize: config.titleSize, fontWeight: 800, lineHeight: 1.1, letterSpacing: "-0.02em" }, config.title),
  ];
  if (config.subtitle) {
    text.push(
      div(
        {
          ...line,
          marginTop: Math.round(config.subtitleSize * 0.9),
          fontSize: config.subtitleSize,
          fontWeight: 400,
          lineHeight: 1.35,
          opacity: 0.85,
        },
        config.subtitle,
      ),
    );
  }
  if (config.domain) {
    text.push(
      div({ ...line, marginTop: 40, fontSize: DOMAIN_SIZE, fontWeight: 600, letterSpacing: "0.04em", opacity: 0.7 }, config.domain),
    );
  }
  const frame = div(
    frameStyle(config),
    div({ display: "flex", flexDirection: "column", alignItems: ALIGN[config.layout], width: "100%" }, text),
  );
  return div(
    {
      display: "flex",
      width: OG_CANVAS.width,
      height: OG_CANVAS.height,
      color: config.textColor,
      fontFamily: INTER_FONT_FAMILIES,
      ...backgroundStyle(config),
    },
    [...shadowRings(config), frame],
  );
}

/** Layout and rasterizing are CPU work: one render per core at a time, the others wait their turn. */
const renderWork = createWorkLimiter(os.availableParallelism());

async function layout(config: OgConfig): Promise<string> {
  const [satori, fonts] = await Promise.all([loadSatori(), loadInterFonts(`${config.title}${config.subtitle}${config.domain}`)]);
  let refusal: DomainError | undefined;
  const svg = await satori(ogElementTree(config) as never, {
    ...OG_CANVAS,
    fonts,
    loadAdditionalAsset: async (code, segment) => {
      try {
        return code === "emoji" ? await loadEmoji(segment) : unsupportedScript(segment);
      } catch (error) {
        // satori may swallow a failed asset and draw a blank: keep the reason and refuse after the layout.
        if (error instanceof DomainError) refusal ??= error;
        throw error;
      }
    },
  }).catch((error: unknown) => {
    throw refusal ?? error;
  });
  if (refusal) throw refusal;
  return svg;
}

/** The preview: the SVG the PNG is made from. */
export const renderOgSvg = (config: OgConfig): Promise<string> => renderWork.run(() => layout(config));

/** The image the site serves: the same SVG rasterized to a 1200x630 PNG. */
export function renderOgPng(config: OgConfig): Promise<Buffer> {
  return renderWork.run(async () => {
    const [svg, sharp] = await Promise.all([layout(config), loadSharp()]);
    return sharp(Buffer.from(svg)).png({ compressionLevel: 7 }).toBuffer();
  });
}
