import {
  FAVICON_ANDROID_SIZES,
  FAVICON_ICO_FILE,
  FAVICON_ICO_SIZES,
  FAVICON_MANIFEST_FILE,
  FAVICON_STEPS,
  faviconPngFile,
  type FaviconConfig,
  type FaviconStepId,
  type FaviconStepResult,
} from "#common/site-assets/favicon.ts";
import { encodeIco, faviconDesign, rasterise } from "./favicon-render";

export type ManifestInfo = { name: string; themeColor: string };
export type FaviconFileSet = { files: Map<string, Buffer>; steps: FaviconStepResult[] };

/** The web manifest: the 192 and 512 Android icons, standalone display, the site's theme colour. */
export function webManifest(info: ManifestInfo, backgroundColor: string): Buffer {
  const manifest = {
    name: info.name,
    short_name: info.name.length > 12 ? info.name.slice(0, 12).trim() : info.name,
    icons: FAVICON_ANDROID_SIZES.map((size) => ({ src: `/${faviconPngFile(size)}`, sizes: `${size}x${size}`, type: "image/png" })),
    theme_color: info.themeColor,
    background_color: backgroundColor,
    display: "standalone",
    start_url: "/",
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

const sizeOf = (file: string) => Number(/-(\d+)x\d+\.png$/.exec(file)![1]);

/**
 * The 18 files from one design, step by step as the progress panel names them (the storing and activating
 * steps belong to the caller). Each step's time is measured, for the panel.
 */
export async function makeFaviconFiles(config: FaviconConfig, manifest: ManifestInfo): Promise<FaviconFileSet> {
  const files = new Map<string, Buffer>();
  const steps: FaviconStepResult[] = [];
  const timed = async (id: FaviconStepId, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    steps.push({ id, ms: Math.round(performance.now() - started) });
  };
  let svg = "";
  await timed("canvas", async () => {
    svg = await faviconDesign(config);
  });
  const pngStep = (id: FaviconStepId) => async () => {
    const wanted = FAVICON_STEPS.find((step) => step.id === id)!.files;
    await Promise.all(wanted.map(async (file) => files.set(file, await rasterise(svg, sizeOf(file)))));
  };
  await timed("ico", async () => {
    const entries = await Promise.all(FAVICON_ICO_SIZES.map((size) => rasterise(svg, size)));
    files.set(FAVICON_ICO_FILE, await encodeIco(entries));
  });
  for (const id of ["standard", "apple-small", "apple-medium", "apple-large", "android"] as const) await timed(id, pngStep(id));
  await timed("manifest", async () => {
    files.set(FAVICON_MANIFEST_FILE, webManifest(manifest, config.backgroundColor));
  });
  return { files, steps };
}
