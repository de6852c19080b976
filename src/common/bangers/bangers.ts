// Constants, types and the per-platform limits of content bangers;
// the input schemas are in bangers-input.ts.

export const BANGER_TYPES = ["thread", "linkedin", "tweet", "blog", "chapter"] as const;
export type BangerType = (typeof BANGER_TYPES)[number];
export const BANGER_STATUSES = ["draft", "ready", "posted"] as const;
export type BangerStatus = (typeof BANGER_STATUSES)[number];

/** The labels for the types, as the summary cards and filters show them. */
export const BANGER_TYPE_LABELS: Record<BangerType, string> = {
  thread: "Thread",
  linkedin: "LinkedIn",
  tweet: "Tweet",
  blog: "Blog",
  chapter: "Chapter",
};
export const BANGER_STATUS_LABELS: Record<BangerStatus, string> = { draft: "Draft", ready: "Ready", posted: "Posted" };

/**
 * The status machine: a draft becomes ready
 * once it fits its platform, a ready banger is posted (with the post's URL) or goes back to draft, and a
 * posted one can go back to draft (a deleted post). The server enforces it; the detail dialog offers exactly these.
 */
export const BANGER_STATUS_MOVES: Readonly<Record<BangerStatus, readonly BangerStatus[]>> = {
  draft: ["ready"],
  ready: ["posted", "draft"],
  posted: ["draft"],
};
export const canMoveBanger = (from: BangerStatus, to: BangerStatus): boolean => BANGER_STATUS_MOVES[from].includes(to);

/** Cards show at most this many tags, then "+N more". */
export const BANGER_CARD_TAG_LIMIT = 3;
export const BANGER_FIELD_MAX = { title: 200, content: 50_000, tag: 50, tags: 20, url: 2000 } as const;

/** Posts of a thread are separated by a blank line. */
export const THREAD_POST_SEPARATOR = /\n[ \t]*\n/;

/** Character limits: of the whole text (tweet, LinkedIn) or of each post (thread). Blogs and chapters have none. */
export const PLATFORM_LIMITS = { tweet: 280, thread: 280, linkedin: 3000 } as const;
export type LimitedType = keyof typeof PLATFORM_LIMITS;
const isLimited = (type: BangerType): type is LimitedType => type in PLATFORM_LIMITS;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Characters as a reader sees them: grapheme clusters (Intl.Segmenter), so an emoji with a skin tone, a flag
 * or an accented letter typed as two code points counts once. The same function runs in the counter and on
 * the server, so the screen and the "ready" check never disagree.
 */
export function visibleLength(text: string): number {
  let n = 0;
  for (const _ of graphemes.segment(text)) n += 1;
  return n;
}

/** The posts of a thread: split at blank lines, trimmed, empty ones dropped. */
export const threadPosts = (content: string): string[] =>
  content
    .split(THREAD_POST_SEPARATOR)
    .map((post) => post.trim())
    .filter((post) => post !== "");

export type PostLength = { length: number; limit: number; over: boolean };
export type PlatformCheck = { limit: number | null; posts: PostLength[]; ok: boolean; reason: string | null };

/**
 * What the live counter shows and what "ready" enforces: the length of the text (tweet, LinkedIn) or of
 * each post (thread) against the platform's limit. Blogs and chapters have no limit. Empty content is never ready.
 */
export function checkPlatformLimits(type: BangerType, content: string): PlatformCheck {
  const trimmed = content.trim();
  if (!isLimited(type)) {
    return { limit: null, posts: [], ok: trimmed !== "", reason: trimmed === "" ? "Write some content before marking it ready" : null };
  }
  const limit = PLATFORM_LIMITS[type];
  const texts = type === "thread" ? threadPosts(content) : [trimmed];
  const posts = texts.map((text) => {
    const length = visibleLength(text);
    return { length, limit, over: length > limit };
  });
  if (trimmed === "") return { limit, posts, ok: false, reason: "Write some content before marking it ready" };
  const overIndex = posts.findIndex((post) => post.over);
  if (overIndex === -1) return { limit, posts, ok: true, reason: null };
  const post = posts[overIndex]!;
  const reason =
    type === "thread"
      ? `Post ${overIndex + 1} of the thread is ${post.length} characters; each post can have at most ${limit}`
      : `A ${BANGER_TYPE_LABELS[type]} can have at most ${limit.toLocaleString("en-US")} characters; this one has ${post.length.toLocaleString("en-US")}`;
  return { limit, posts, ok: false, reason };
}

/** A banger as the back office sees it. Times are ISO 8601 strings, the same on REST and tRPC. */
export type Banger = {
  id: string;
  type: BangerType;
  status: BangerStatus;
  title: string;
  content: string;
  tags: string[];
  /** Free-form; `platform` defaults to the type. */
  metadata: Record<string, unknown> & { platform: string };
  /** The short id used as utm_campaign of the banger's tagged link. */
  campaign: string;
  postedUrl: string | null;
  postedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type BangerSummary = { total: number; byType: Record<BangerType, number>; byStatus: Record<BangerStatus, number> };
/** GET /api/content/bangers and bangers.list: newest first, filtered; the summary counts every banger. */
export type BangerList = { bangers: Banger[]; summary: BangerSummary };
export type BangerResult = { banger: Banger };
export type BangerDeleteResult = { deleted: { id: string } };
/** A posted banger's reach since it was posted: distinct visitors who landed through its link, and waitlist joins. */
export type CampaignFigures = { visitors: number; joins: number };
/** bangers.campaign: the link to paste into the post, and (once posted) the figures since `since`. */
export type BangerCampaignResult = { campaign: string; link: string; since: string | null; figures: CampaignFigures };

/** The link to paste into the post: the site with utm_source = platform, utm_medium=social, utm_campaign = short id. */
export function taggedLink(siteUrl: string, banger: Pick<Banger, "metadata" | "type" | "campaign">): string {
  const url = new URL("/", siteUrl);
  url.searchParams.set("utm_source", String(banger.metadata.platform || banger.type));
  url.searchParams.set("utm_medium", "social");
  url.searchParams.set("utm_campaign", banger.campaign);
  return url.toString();
}

/** Tags as the create dialog takes them: comma-separated, trimmed, empties dropped. */
export const parseTagList = (text: string): string[] =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
