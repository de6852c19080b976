// The Meta Tags tab: the site's head tags, stored on the server and
// injected by it into every public page.
import * as z from "zod/mini";
import { DEFAULT_THEME_COLOR, hexColorField } from "./favicon";
import { safeText } from "#common/forms/text-input.ts";

export const TWITTER_CARD_TYPES = ["summary", "summary_large_image"] as const;
export type TwitterCardType = (typeof TWITTER_CARD_TYPES)[number];
export const TWITTER_CARD_LABELS: Record<TwitterCardType, string> = {
  summary: "Summary (120x120)",
  summary_large_image: "Summary Large Image (1200x630)",
};
export const TWITTER_DESCRIPTION_MAX = 200;
export const ROBOTS_VALUES = ["index, follow", "noindex, follow", "index, nofollow", "noindex, nofollow"] as const;
export const SCHEMA_TYPES = ["Organization", "WebSite", "Person"] as const;

const text = (label: string, max: number) => safeText(label).check(z.trim(), z.maxLength(max, `${label}: at most ${max} characters`));
/** Empty, or an absolute http(s) URL, or a root-relative path (made absolute with the site's URL). */
const urlOrPath = (label: string) =>
  text(label, 500).check(
    z.refine(
      (value) => value === "" || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
      `${label} must be a link starting with https:// or /`,
    ),
  );
const absoluteUrl = (label: string) =>
  text(label, 500).check(
    z.refine((value) => value === "" || /^https?:\/\/[^\s/]+[^\s]*$/i.test(value), `${label} must start with https://`),
  );
const handle = (label: string) =>
  text(label, 16).check(z.refine((value) => value === "" || /^@[A-Za-z0-9_]{1,15}$/.test(value), `${label} must look like @name`));

export const metaConfigInput = z.object({
  title: text("Site Title", 120).check(z.minLength(1, "Site Title is required")),
  description: text("Description", 300),
  /** Site URL: empty uses the server's PUBLIC_URL. */
  ogUrl: absoluteUrl("Site URL"),
  /** Empty uses the active OG image. */
  ogImageUrl: urlOrPath("OG Image URL"),
  keywords: text("Keywords", 500),
  twitterCard: z.enum(TWITTER_CARD_TYPES, { error: "Twitter card type must be summary or summary_large_image" }),
  twitterSite: handle("Site Handle"),
  twitterCreator: handle("Creator Handle"),
  twitterTitle: text("Twitter Title", 120),
  twitterDescription: text("Twitter Description", TWITTER_DESCRIPTION_MAX),
  /** Empty uses the OG image. */
  twitterImage: urlOrPath("Twitter Image URL"),
  twitterImageAlt: text("Image Alt Text", 300),
  /** Empty: each page's own address. */
  canonical: absoluteUrl("Canonical URL"),
  author: text("Author", 120),
  robots: z.enum(ROBOTS_VALUES, { error: "Robots must be one of the listed values" }),
  themeColor: hexColorField("Theme colour"),
  schemaType: z.enum(SCHEMA_TYPES, { error: "Schema type must be Organization, WebSite or Person" }),
  schemaName: text("Schema name", 120),
  schemaLogo: urlOrPath("Schema logo"),
  /** One profile URL a line. */
  schemaSameAs: z.array(absoluteUrl("Same-as link")).check(z.maxLength(10, "At most 10 same-as links")),
});
export type MetaConfig = z.infer<typeof metaConfigInput>;

export const DEFAULT_META_CONFIG: MetaConfig = {
  title: "The $100 Lab",
  description: "The $100 Lab: practise investing through small, real $100 experiments and turn them into content.",
  ogUrl: "",
  ogImageUrl: "",
  keywords: "investing, experiments, indie builders, build in public",
  twitterCard: "summary_large_image",
  twitterSite: "",
  twitterCreator: "",
  twitterTitle: "",
  twitterDescription: "",
  twitterImage: "",
  twitterImageAlt: "",
  canonical: "",
  author: "",
  robots: "index, follow",
  themeColor: DEFAULT_THEME_COLOR,
  schemaType: "Organization",
  schemaName: "",
  schemaLogo: "",
  schemaSameAs: [],
};

/** What the tab loads: the stored config, and what empty fields fall back to. */
export type MetaTagsState = {
  config: MetaConfig;
  /** The server's PUBLIC_URL. */
  publicUrl: string;
  /** The active OG image's absolute URL, or null. */
  activeOgImage: string | null;
  /** The head tags the server injects into `/` with this config. */
  headHtml: string;
  updatedAt: string | null;
};
