// The OG image generator's contract: the design config, its ranges and templates, the preview
// mockups' truncation lengths, and the active image the head tags carry. zod/mini like the other schemas:
// the server parses every design with `ogConfigInput`, and the tab's controls keep to the same ranges.
import * as z from "zod/mini";
import { safeText } from "#common/forms/text-input.ts";

/** The canvas every platform expects for a large summary card. */
export const OG_CANVAS = { width: 1200, height: 630 } as const;

export const OG_LAYOUTS = ["centered", "left-aligned", "right-aligned"] as const;
export type OgLayout = (typeof OG_LAYOUTS)[number];
export const OG_BACKGROUND_TYPES = ["solid", "gradient", "pattern"] as const;
export type OgBackgroundType = (typeof OG_BACKGROUND_TYPES)[number];
export const OG_PATTERNS = ["none", "dots", "lines"] as const;
export type OgPattern = (typeof OG_PATTERNS)[number];
export const OG_TEMPLATES = ["modern", "dark", "gradient", "minimal", "glass", "retro"] as const;
export type OgTemplate = (typeof OG_TEMPLATES)[number];

/** The sliders' ranges, in px. */
export const OG_RANGES = {
  titleSize: { min: 40, max: 100 },
  subtitleSize: { min: 16, max: 40 },
  padding: { min: 40, max: 120 },
  borderWidth: { min: 0, max: 20 },
  roundedCorners: { min: 0, max: 50 },
} as const;
export type OgRangeField = keyof typeof OG_RANGES;

/** Spacing of the background patterns. */
export const OG_PATTERN_SPACING = { dots: 40, lines: 60 } as const;

export const OG_TEXT_MAX = { title: 100, subtitle: 200, domain: 80 } as const;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const colorField = (label: string) =>
  z.string({ error: `${label} must be a colour` }).check(z.regex(HEX_COLOR, `${label} must be a colour like #1a2b3c`));
const rangeField = (label: string, field: OgRangeField) => {
  const { min, max } = OG_RANGES[field];
  const message = `${label} must be between ${min} and ${max} px`;
  return z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));
};
const textField = (label: string, max: number, required: boolean) =>
  safeText(label).check(
    z.trim(),
    ...(required ? [z.minLength(1, `${label} is required`)] : []),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
const choiceField = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

/** The OG image config, every field required: the server stores exactly this. */
export const ogConfigInput = z.object({
  title: textField("Title", OG_TEXT_MAX.title, true),
  subtitle: textField("Subtitle", OG_TEXT_MAX.subtitle, false),
  domain: textField("Domain", OG_TEXT_MAX.domain, false),
  layout: choiceField("Layout", OG_LAYOUTS),
  titleSize: rangeField("Title size", "titleSize"),
  subtitleSize: rangeField("Subtitle size", "subtitleSize"),
  padding: rangeField("Padding", "padding"),
  backgroundType: choiceField("Background type", OG_BACKGROUND_TYPES),
  backgroundColor: colorField("Background colour"),
  textColor: colorField("Text colour"),
  gradientColors: z.tuple([colorField("Gradient start"), colorField("Gradient end")], { error: "Gradient colours must be two colours" }),
  pattern: choiceField("Pattern", OG_PATTERNS),
  borderWidth: rangeField("Border width", "borderWidth"),
  roundedCorners: rangeField("Rounded corners", "roundedCorners"),
  borderColor: colorField("Border colour"),
  shadowEnabled: z.boolean({ error: "Shadow must be on or off" }),
  template: choiceField("Template", OG_TEMPLATES),
});
export type OgConfig = z.infer<typeof ogConfigInput>;

/** What a template sets: colours, border, shadow and rounding; the words and sizes stay the admin's. */
type TemplateLook = Pick<
  OgConfig,
  | "backgroundType"
  | "backgroundColor"
  | "textColor"
  | "gradientColors"
  | "pattern"
  | "borderWidth"
  | "roundedCorners"
  | "borderColor"
  | "shadowEnabled"
>;

export const OG_TEMPLATE_LOOKS: Record<OgTemplate, { label: string; look: TemplateLook }> = {
  modern: {
    label: "Modern",
    look: {
      backgroundType: "pattern",
      backgroundColor: "#fefce8",
      textColor: "#1c1917",
      gradientColors: ["#fde047", "#f97316"],
      pattern: "dots",
      borderWidth: 8,
      roundedCorners: 24,
      borderColor: "#facc15",
      shadowEnabled: true,
    },
  },
  dark: {
    label: "Dark",
    look: {
      backgroundType: "solid",
      backgroundColor: "#0f172a",
      textColor: "#f8fafc",
      gradientColors: ["#0f172a", "#334155"],
      pattern: "none",
      borderWidth: 2,
      roundedCorners: 16,
      borderColor: "#334155",
      shadowEnabled: false,
    },
  },
  gradient: {
    label: "Gradient",
    look: {
      backgroundType: "gradient",
      backgroundColor: "#7c3aed",
      textColor: "#ffffff",
      gradientColors: ["#7c3aed", "#db2777"],
      pattern: "none",
      borderWidth: 0,
      roundedCorners: 0,
      borderColor: "#ffffff",
      shadowEnabled: false,
    },
  },
  minimal: {
    label: "Minimal",
    look: {
      backgroundType: "solid",
      backgroundColor: "#ffffff",
      textColor: "#111827",
      gradientColors: ["#ffffff", "#f3f4f6"],
      pattern: "none",
      borderWidth: 0,
      roundedCorners: 0,
      borderColor: "#e5e7eb",
      shadowEnabled: false,
    },
  },
  glass: {
    label: "Glass",
    look: {
      backgroundType: "gradient",
      backgroundColor: "#0ea5e9",
      textColor: "#ffffff",
      gradientColors: ["#0ea5e9", "#6366f1"],
      pattern: "none",
      borderWidth: 2,
      roundedCorners: 40,
      borderColor: "#e0f2fe",
      shadowEnabled: true,
    },
  },
  retro: {
    label: "Retro",
    look: {
      backgroundType: "pattern",
      backgroundColor: "#fef3c7",
      textColor: "#7c2d12",
      gradientColors: ["#fef3c7", "#fdba74"],
      pattern: "lines",
      borderWidth: 12,
      roundedCorners: 0,
      borderColor: "#7c2d12",
      shadowEnabled: false,
    },
  },
};

export function applyOgTemplate(config: OgConfig, template: OgTemplate): OgConfig {
  return { ...config, ...OG_TEMPLATE_LOOKS[template].look, template };
}

/** The first design an admin sees: the Modern template with the earlier variant's sizes. */
export const OG_DEFAULT_CONFIG: OgConfig = applyOgTemplate(
  {
    title: "$100 Lab",
    subtitle: "Small $100 experiments, real lessons, shared in public",
    domain: "",
    layout: "centered",
    titleSize: 72,
    subtitleSize: 28,
    padding: 80,
    backgroundType: "solid",
    backgroundColor: "#ffffff",
    textColor: "#111827",
    gradientColors: ["#ffffff", "#ffffff"],
    pattern: "none",
    borderWidth: 8,
    roundedCorners: 0,
    borderColor: "#000000",
    shadowEnabled: false,
    template: "modern",
  },
  "modern",
);

/** Description lengths of the platform card mockups. */
export const OG_DESCRIPTION_LIMITS = { twitterCard: 120, twitterDetail: 100, facebook: 120, linkedin: 110 } as const;

/** Cuts a text to `max` characters (ellipsis included), at a character boundary, never mid-emoji. */
export function truncateText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** An uploaded OG image (POST /api/site-assets/update-og): PNG or JPEG, sniffed from the bytes. */
export const OG_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const OG_UPLOAD_TYPES = ["image/png", "image/jpeg"] as const;
export type OgUploadType = (typeof OG_UPLOAD_TYPES)[number];
export const OG_UPLOAD_REFUSED = "The OG image must be a PNG or JPEG file.";
export const OG_UPLOAD_TOO_LARGE = `The OG image is larger than ${OG_UPLOAD_MAX_BYTES / (1024 * 1024)} MB. Please upload a smaller image.`;

/** The form fields beside the file: a client may send the admin's email, but the session says who it is. */
export const ogUploadFields = z.object({
  adminEmail: z.optional(z.string().check(z.trim(), z.maxLength(320, "adminEmail is too long"))),
});

/**
 * The site's og:image, stored in site_settings under `og_image`: a root-relative, content-hashed URL the app
 * serves from storage, its size, and when it became the site's image. The head of every page carries it.
 */
export const activeOgImageSchema = z.object({
  url: z.string().check(z.regex(/^\/og-image\.[0-9a-f]{12}\.(png|jpg)$/)),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  updatedAt: z.string(),
});
export type ActiveOgImage = z.infer<typeof activeOgImageSchema>;

/** The answer of POST /api/site-assets/update-og. */
export type OgUpdateResponse = { message: string; imageUrl: string };
