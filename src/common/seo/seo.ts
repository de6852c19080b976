// zod/mini, like the other shared schemas: the SEO Setup page parses its input with these schemas.
import * as z from "zod/mini";

export const SEO_CATEGORIES = ["search", "analytics", "promotion", "performance"] as const;
export type SeoCategory = (typeof SEO_CATEGORIES)[number];

export const SEO_CATEGORY_LABELS: Record<SeoCategory, string> = {
  search: "Search",
  analytics: "Analytics",
  promotion: "Promotion",
  performance: "Performance",
};

export type SeoChecklistItem = {
  id: SeoItemId;
  label: string;
  /** What to do and why, in one or two sentences. */
  help: string;
  /** Where to do it. */
  link: string;
  /** The text of the link. */
  linkLabel: string;
  category: SeoCategory;
};

export const SEO_ITEM_IDS = [1, 2, 3, 4, 5] as const;
export type SeoItemId = (typeof SEO_ITEM_IDS)[number];

/** The checklist's five items, in the order the page shows them. */
export const SEO_CHECKLIST_ITEMS: readonly SeoChecklistItem[] = [
  {
    id: 1,
    label: "Google Search Console set up",
    help: "Add the site as a property and verify that you own it (a DNS record or an HTML tag). Search Console is where Google reports how it crawls and ranks the site, and the only place it tells you about indexing problems.",
    link: "https://search.google.com/search-console",
    linkLabel: "Open Search Console",
    category: "search",
  },
  {
    id: 2,
    label: "Sitemap submitted",
    help: "In Search Console, open Sitemaps and submit the address of the site's sitemap (/sitemap.xml). Google then finds new pages, such as builder profiles, without waiting for a link to them.",
    link: "https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap#addsitemap",
    linkLabel: "How to submit a sitemap",
    category: "search",
  },
  {
    id: 3,
    label: "Google Analytics installed",
    help: "Create a Google Analytics 4 property for the site's domain and add its tag to the site. The back office already counts visitors with its own cookie-free analytics; Google Analytics adds audience and acquisition reports, and links to Search Console to show search queries.",
    link: "https://support.google.com/analytics/answer/9304153",
    linkLabel: "Set up Google Analytics",
    category: "analytics",
  },
  {
    id: 4,
    label: "Social and directory backlinks",
    help: "Link to the site from the accounts and directories you control: X, LinkedIn, GitHub, Product Hunt, Indie Hackers. Links from relevant sites help search engines discover the site and trust it.",
    link: "https://developers.google.com/search/docs/fundamentals/get-on-google",
    linkLabel: "How sites get found",
    category: "promotion",
  },
  {
    id: 5,
    label: "Mobile-friendly and fast site",
    help: "Run PageSpeed Insights on the home page and on /builders, on mobile. Aim for good Core Web Vitals (LCP under 2.5 s, INP under 200 ms, CLS under 0.1): Google ranks the mobile version of the site.",
    link: "https://pagespeed.web.dev/",
    linkLabel: "Open PageSpeed Insights",
    category: "performance",
  },
];

export const SEO_CHECKLIST_TOTAL = SEO_CHECKLIST_ITEMS.length;

/** Stored and sent as a map from the item id (as text, like JSON object keys) to true. Unchecked items are absent. */
export type SeoCheckedItems = Partial<Record<`${SeoItemId}`, true>>;

export type SeoChecklist = {
  items: readonly SeoChecklistItem[];
  checkedItems: SeoCheckedItems;
  /** ISO time of the last change, or null before anyone changed anything. */
  lastUpdated: string | null;
  /** Name (or email) of the admin who made the last change, when still known. */
  updatedBy: string | null;
};

export const seoChecklistDone = (checkedItems: SeoCheckedItems): number =>
  SEO_ITEM_IDS.filter((id) => checkedItems[`${id}`] === true).length;

/*
 * Built from z.custom, z.pipe and z.transform only, on purpose: the public pages already ship those, while
 * z.literal, z.boolean and z.record would add their code to the zod chunk every visitor downloads.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const itemIdField = z.custom<SeoItemId>((value) => (SEO_ITEM_IDS as readonly unknown[]).includes(value), {
  error: `Item id must be one of ${SEO_ITEM_IDS.join(", ")}`,
});

const ITEM_KEYS: readonly string[] = SEO_ITEM_IDS.map((id) => `${id}`);

/** `seo.toggle`: one item on or off; the other items are left as they are. */
export const seoToggleInput = z.object({
  id: itemIdField,
  checked: z.custom<boolean>((value) => typeof value === "boolean", { error: "checked must be true or false" }),
});
export type SeoToggleInput = z.infer<typeof seoToggleInput>;

/** `PUT /api/seo/checklist`: the whole map at once, as a client saves it. False entries are dropped. */
export const seoChecklistReplaceInput = z.object({
  checkedItems: z.pipe(
    z.custom<Record<string, unknown>>(isPlainObject, { error: "checkedItems must be an object of item ids to true or false" }).check(
      z.refine(
        (map) => Object.keys(map).every((key) => ITEM_KEYS.includes(key)),
        `checkedItems keys must be among ${ITEM_KEYS.join(", ")}`,
      ),
      z.refine((map) => Object.values(map).every((value) => typeof value === "boolean"), "Each checklist value must be true or false"),
    ),
    z.transform((map): SeoCheckedItems => {
      const result: SeoCheckedItems = {};
      for (const id of SEO_ITEM_IDS) if (map[`${id}`] === true) result[`${id}`] = true;
      return result;
    }),
  ),
});
export type SeoChecklistReplaceInput = z.infer<typeof seoChecklistReplaceInput>;
