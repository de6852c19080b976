// Constants, types and pure helpers of The Playbook;
// the input schemas are in playbook-input.ts, the Markdown renderer in playbook-markdown.ts.

export const PLAYBOOK_CATEGORIES = [
  "Social Media",
  "Investment",
  "Product Strategy",
  "Design",
  "AI Strategy",
  "Technical Guide",
  "Security",
] as const;
export type PlaybookCategory = (typeof PLAYBOOK_CATEGORIES)[number];

export const PLAYBOOK_DIFFICULTIES = ["Beginner", "Intermediate", "Advanced"] as const;
export type PlaybookDifficulty = (typeof PLAYBOOK_DIFFICULTIES)[number];

/** Published: readable, downloadable, with its checklist. Coming Soon: a card with a disabled button. Draft: admins only. */
export const CHAPTER_STATUSES = ["published", "coming_soon", "draft"] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];
export const CHAPTER_STATUS_LABELS: Record<ChapterStatus, string> = { published: "Published", coming_soon: "Coming Soon", draft: "Draft" };

export const CHAPTER_LIMITS = {
  title: 120,
  description: 500,
  body: 100_000,
  tool: 60,
  tools: 20,
  takeaway: 300,
  takeaways: 12,
  checklistText: 300,
  timeEstimate: 40,
  checklistItems: 30,
  search: 100,
} as const;

/** Below this many ratings a chapter shows "Not rated yet": one or two votes are not a score. */
export const RATING_MIN_COUNT = 3;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** An adult's silent reading pace for non-fiction; the read time is computed from the body, never typed. */
export const WORDS_PER_MINUTE = 200;

export function readTimeMinutes(body: string): number {
  // A word may hold apostrophes, typographic ones (U+2019) too, written as an escape: the server's bundle stays
  // Latin-1 (scripts/build-server.ts says why and checks it).
  const words = body.match(/[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
export const formatReadTime = (minutes: number) => `${minutes} min read`;

export type ChecklistItem = { id: string; text: string; timeEstimate: string };

/** The mean only from RATING_MIN_COUNT ratings on (null before), with the count always. */
export type RatingSummary = { average: number | null; count: number };

export type ChapterCard = {
  id: string;
  title: string;
  category: PlaybookCategory;
  description: string;
  difficulty: PlaybookDifficulty;
  status: ChapterStatus;
  readTimeMinutes: number;
  downloads: number;
  checklistCount: number;
  rating: RatingSummary;
  lastUpdated: string;
};

/** A chapter as its reader sees it, with the reader's own checklist progress and rating. */
export type ChapterDetail = ChapterCard & {
  body: string;
  tools: string[];
  keyTakeaways: string[];
  checklist: ChecklistItem[];
  completedItemIds: string[];
  myRating: number | null;
};

/** A chapter as the editor loads it. */
export type ChapterDraft = {
  id: string;
  title: string;
  category: PlaybookCategory;
  description: string;
  body: string;
  difficulty: PlaybookDifficulty;
  tools: string[];
  keyTakeaways: string[];
  checklist: ChecklistItem[];
  status: ChapterStatus;
};

/** Published chapters, and distinct members who opened one. */
export type PlaybookStats = { chapters: number; readers: number };
export type PlaybookBrowseResult = { stats: PlaybookStats; chapters: ChapterCard[]; startersAvailable: boolean };
export type ChecklistProgress = { completedItemIds: string[] };
export type RateResult = { myRating: number; rating: RatingSummary };
export type StartersResult = { added: number };

export const playbookPdfPath = (chapterId: string) => `/api/playbook/chapters/${chapterId}/pdf`;

/** "4.3/5 · 12 ratings", or "Not rated yet" below RATING_MIN_COUNT ratings. */
export function formatRating(rating: RatingSummary): string {
  if (rating.average === null) return "Not rated yet";
  return `${rating.average.toFixed(1)}/5 · ${rating.count} ratings`;
}

/** The checklist's progress: only items still in the chapter count (an item deleted by an editor drops out). */
export function checklistProgress(checklist: readonly ChecklistItem[], completedItemIds: readonly string[]) {
  const done = new Set(completedItemIds);
  const completed = checklist.filter((item) => done.has(item.id)).length;
  const total = checklist.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}
