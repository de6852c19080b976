// The favicon set: its config, its 18 files and the progress steps.
import * as z from "zod/mini";
import { safeText } from "#common/forms/text-input.ts";

/** The 16 PNG sizes of the set. */
export const FAVICON_PNG_SIZES = [16, 32, 48, 57, 60, 72, 76, 114, 120, 144, 152, 167, 180, 192, 512, 1024] as const;
export type FaviconPngSize = (typeof FAVICON_PNG_SIZES)[number];
export const FAVICON_APPLE_SIZES: readonly number[] = [57, 60, 72, 76, 114, 120, 144, 152, 167, 180, 1024];
export const FAVICON_ANDROID_SIZES: readonly number[] = [192, 512];
/** The sizes the one ICO file holds. */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;
export const FAVICON_ICO_FILE = "favicon.ico";
export const FAVICON_MANIFEST_FILE = "site.webmanifest";
export const FAVICON_FILE_COUNT = 18;
/** The max for the emoji and the text: two characters as a person counts them (graphemes). */
export const FAVICON_MAX_CHARACTERS = 2;
/** The default theme colour, yellow: the site's brand colour. */
export const DEFAULT_THEME_COLOR = "#facc15";

export function faviconPngFile(size: number): string {
  if (FAVICON_ANDROID_SIZES.includes(size)) return `android-chrome-${size}x${size}.png`;
  if (FAVICON_APPLE_SIZES.includes(size)) return `apple-touch-icon-${size}x${size}.png`;
  return `favicon-${size}x${size}.png`;
}

/** The 18 file names, in the order they are made: the ICO, the 16 PNGs, the manifest. */
export const FAVICON_FILES: readonly string[] = [FAVICON_ICO_FILE, ...FAVICON_PNG_SIZES.map(faviconPngFile), FAVICON_MANIFEST_FILE];

export const faviconContentType = (file: string): string =>
  file.endsWith(".ico") ? "image/x-icon" : file.endsWith(".webmanifest") ? "application/manifest+json" : "image/png";

/** The progress panel's ten steps ('Generating 18 favicon files'), each with the files it makes. */
export const FAVICON_STEPS = [
  { id: "canvas", label: "Preparing the 32x32 design", files: [] as string[] },
  { id: "ico", label: "ICO file (16, 32, 48)", files: [FAVICON_ICO_FILE] },
  { id: "standard", label: "PNG variants (16, 32, 48)", files: [16, 32, 48].map(faviconPngFile) },
  { id: "apple-small", label: "Apple touch icons (57-76)", files: [57, 60, 72, 76].map(faviconPngFile) },
  { id: "apple-medium", label: "Apple touch icons (114-152)", files: [114, 120, 144, 152].map(faviconPngFile) },
  { id: "apple-large", label: "Apple touch icons (167-1024)", files: [167, 180, 1024].map(faviconPngFile) },
  { id: "android", label: "Android icons (192, 512)", files: [192, 512].map(faviconPngFile) },
  { id: "manifest", label: "Web manifest", files: [FAVICON_MANIFEST_FILE] },
  { id: "store", label: "Storing the 18 files", files: [] as string[] },
  { id: "activate", label: "Activating the new favicon", files: [] as string[] },
] as const;
export type FaviconStepId = (typeof FAVICON_STEPS)[number]["id"];

/** One step as the server did it: how long it took, in ms. */
export type FaviconStepResult = { id: FaviconStepId; ms: number };

export const FAVICON_TYPES = ["emoji", "text"] as const;
export type FaviconType = (typeof FAVICON_TYPES)[number];

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const hexColorField = (label: string) => safeText(label).check(z.regex(HEX_COLOR, `${label} must be a colour such as #facc15`));

/** Graphemes, so that an emoji made of several code points (a flag, a skin tone) counts as one. */
export function graphemes(value: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(value), (part) => part.segment);
}

const shortText = (label: string) =>
  safeText(label).check(
    z.trim(),
    z.refine((value) => graphemes(value).length <= FAVICON_MAX_CHARACTERS, `${label}: at most ${FAVICON_MAX_CHARACTERS} characters`),
  );

export const faviconConfigInput = z
  .object({
    type: z.enum(FAVICON_TYPES, { error: "Type must be emoji or text" }),
    emoji: shortText("Emoji"),
    text: shortText("Text"),
    backgroundColor: hexColorField("Background colour"),
    textColor: hexColorField("Text colour"),
  })
  .check(
    z.refine((config) => (config.type === "emoji" ? config.emoji : config.text).length > 0, {
      message: "Enter an emoji or one or two characters",
    }),
  );
export type FaviconConfig = z.infer<typeof faviconConfigInput>;

export const DEFAULT_FAVICON_CONFIG: FaviconConfig = {
  type: "emoji",
  emoji: "🧪",
  text: "$",
  backgroundColor: DEFAULT_THEME_COLOR,
  textColor: "#111827",
};

/** The active set, as the tab shows it. */
export type FaviconState = {
  /** The config the active set was generated from; null when the files were uploaded one by one, or none exist. */
  config: FaviconConfig | null;
  /** Paths of the active files (`/favicon.ico`, ...); empty before any is generated. */
  files: string[];
  /** Changes with any file: the pages link the files with `?v=<version>`. */
  version: string | null;
  updatedAt: string | null;
};

export type FaviconGenerateResult = FaviconState & { steps: FaviconStepResult[] };

/** `POST /api/site-assets/update-favicon`'s text fields (a client sends one file a request). */
export const faviconUploadFields = z.object({
  type: z.enum(["ico", "png", "manifest"], { error: "type must be ico, png or manifest" }),
  size: z.optional(z.string()),
  adminEmail: z.optional(z.string()),
});
export type FaviconUploadFields = z.infer<typeof faviconUploadFields>;
export const FAVICON_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** `GET /api/debug/kv-favicon-list`: what the storage holds under the favicon prefix. */
export type FaviconKeyList = { faviconKeys: { name: string; metadata: { size: number; contentType: string; lastModified: string } }[] };

/** The server's drawing of an unsaved design, as data URLs. */
export type FaviconPreview = { png32: string; png180: string; ico: string };
