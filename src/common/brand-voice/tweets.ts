// The Brand Voice tweet generator: a pure function, so the page
// answers at once (no pretend "generating" wait) and every output is tested to fit in a tweet.
import { visibleLength } from "#common/bangers/bangers.ts";

export const TWEET_TOPICS = ["launch", "learning", "failure", "success", "building", "community", "investing", "tools"] as const;
export type TweetTopic = (typeof TWEET_TOPICS)[number];
export const TWEET_TONES = ["honest", "surprised", "self-aware", "encouraging", "confession", "celebration"] as const;
export type TweetTone = (typeof TWEET_TONES)[number];

export const TWEET_LIMIT = 280;
export const TWEET_CONTEXT_MAX = 200;
/** How long the Copy button shows 'Copied'. */
export const COPIED_MARKER_MS = 2000;

export const TWEET_TOPIC_LABELS: Record<TweetTopic, string> = {
  launch: "Launch",
  learning: "Learning",
  failure: "Failure",
  success: "Success",
  building: "Building",
  community: "Community",
  investing: "Investing",
  tools: "Tools",
};
export const TWEET_TONE_LABELS: Record<TweetTone, string> = {
  honest: "Honest",
  surprised: "Surprised",
  "self-aware": "Self-aware",
  encouraging: "Encouraging",
  confession: "Confession",
  celebration: "Celebration",
};

/*
 * Templates: `{context}` is the admin's context; a part in [brackets] holds a placeholder and disappears
 * whole when there is no context, so a sentence never reads "with ." or "about {context}".
 */
type PairKey = `${TweetTopic}:${TweetTone}`;
const PAIR_TEMPLATES: Partial<Record<PairKey, readonly string[]>> = {
  "launch:honest": [
    "Launching today[: {context}]. It cost less than $100 to build, it has rough edges, and I'm shipping it anyway because waiting for perfect is how side projects die.",
    "Honest launch note[ for {context}]: no waitlist hype, no growth hacks. One $100 budget, a lot of evenings, and a real thing you can try right now.",
    "I almost didn't launch[ {context}]. Then I remembered the whole point of a $100 experiment is to find out, not to be right. It's live.",
  ],
  "learning:surprised": [
    "Did not expect this[ from {context}]: the cheapest experiment taught me more than the expensive plan ever did. $100 buys a lot of truth.",
    "Wait, really?[ {context}.] The thing I was sure would work flopped, and the throwaway idea is what people keep asking about.",
    "Biggest surprise of this $100 experiment[ ({context})]: the numbers moved the day I stopped guessing and started asking users.",
  ],
  "failure:self-aware": [
    "Yes, I spent $100 to learn what a five-minute conversation would have told me[ about {context}]. Filing it under tuition.",
    "My experiment[ on {context}] failed, and I saw it coming around day three. I kept going to be sure. Now I am sure.",
    "Plot twist nobody asked for: the $100 experiment[ on {context}] didn't work. The spreadsheet of why is the most useful thing I made this month.",
  ],
  "success:encouraging": [
    "If a $100 experiment[ like {context}] can work for me, it can work for you. Start smaller than feels serious and ship before it feels ready.",
    "It worked[: {context}]. Not because I'm special: because I kept the bet small enough to try again. Your first $100 experiment is closer than you think.",
    "Small bets add up. This one paid off[ ({context})], and the only trick was starting. What would you try with $100 this week?",
  ],
  "building:honest": [
    "Building in public, honestly: today was mostly fixing what I broke yesterday[ on {context}]. Progress isn't always a screenshot.",
    "Week update[ on {context}]: slower than planned, cheaper than feared, still under $100. Shipping the boring parts is the job.",
    "No highlight reel today. Just me, a bug list and a $100 budget[ for {context}]. That's what building actually looks like.",
  ],
  "community:confession": [
    "Confession: I almost kept this[ ({context})] to myself. Sharing the messy middle with this community is what got me unstuck.",
    "I used to lurk. Then I posted my first $100 experiment[ on {context}] and strangers sent better ideas than I had. Thank you, all of you.",
    "Confession: the best part of building in public isn't the launch[ of {context}]. It's the people who reply \"I tried that too\".",
  ],
  "investing:self-aware": [
    "I know, $100 isn't a portfolio. That's the point: small enough to be wrong on purpose[ about {context}] and learn what I actually believe.",
    "Me, reading three reports to invest $100[ in {context}]: overkill? Yes. Worth it? The habit is the investment.",
    "Self-aware investor update: my $100 thesis[ on {context}] was half right, and I can finally say which half.",
  ],
  "tools:celebration": [
    "Shipped a new tool[: {context}]! Built for under $100, it already saves me an hour a day. Small tools, big grins.",
    "It's live! The little tool I needed[ for {context}] now exists, and it cost less than dinner for two. Celebrating with more building.",
    "Tool number one is out the door[: {context}]. Under $100, zero regrets, and three people already asked how it works.",
  ],
};

/** Openers and topic phrases of the generic set, for the pairs without templates of their own. */
const TONE_OPENERS: Record<TweetTone, string> = {
  honest: "Honest update:",
  surprised: "Didn't see this coming:",
  "self-aware": "Yes, I know:",
  encouraging: "If you're on the fence:",
  confession: "Confession:",
  celebration: "Small win worth celebrating:",
};
const TOPIC_PHRASES: Record<TweetTopic, string> = {
  launch: "shipping something real",
  learning: "learning by doing",
  failure: "an experiment that didn't work",
  success: "an experiment that worked",
  building: "building in public",
  community: "building with other people",
  investing: "investing in small, honest bets",
  tools: "making the tools I need",
};
const GENERIC_TEMPLATES: readonly string[] = [
  "{opener} {topic}[ with {context}] on a $100 budget beats planning the perfect version. Try it, measure it, share it.",
  "{opener} a week of {topic}[ ({context})] taught me more than a month of reading about it. $100 experiments keep me honest.",
  "{opener} {topic} doesn't need a big budget. Mine is $100[ and {context}], and the lessons are worth far more.",
];

/** The templates for a pair: its own three, or the generic set. */
export function templatesFor(topic: TweetTopic, tone: TweetTone): readonly string[] {
  return PAIR_TEMPLATES[`${topic}:${tone}`] ?? GENERIC_TEMPLATES;
}

const OPTIONAL_PART = /\[([^\]]*)\]/g;

const cutTo = (text: string, max: number): string => {
  const segments = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);
  return segments.length <= max
    ? text
    : `${segments
        .slice(0, Math.max(0, max - 1))
        .join("")
        .trimEnd()}…`;
};

export type TweetRequest = { topic: TweetTopic; tone: TweetTone; context?: string; variant?: number };

/**
 * One tweet for the topic and tone: template `variant` (modulo the three) with the context filled in, or
 * its bracketed parts dropped when there is none. A long context is shortened so the tweet fits in 280.
 */
export function generateTweet({ topic, tone, context = "", variant = 0 }: TweetRequest): string {
  const templates = templatesFor(topic, tone);
  const template = templates[((variant % templates.length) + templates.length) % templates.length]!;
  const base = template.replaceAll("{opener}", TONE_OPENERS[tone]).replaceAll("{topic}", TOPIC_PHRASES[topic]);
  const filled = (cleanContext: string) =>
    base
      .replace(OPTIONAL_PART, (_, part: string) => (cleanContext ? part.replaceAll("{context}", cleanContext) : ""))
      .replace(/\s+/g, " ")
      .replace(/\s+([.,:;!?)])/g, "$1")
      .trim();
  const wanted = context
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  if (!wanted) return sentenceCase(filled(""));
  const room = TWEET_LIMIT - visibleLength(filled(""));
  // Each bracketed part holds the context once; the room is shared by however many there are.
  const uses = Math.max(1, (template.match(/\{context\}/g) ?? []).length);
  const fixed = visibleLength(filled("x")) - visibleLength(filled("")) - uses;
  return sentenceCase(filled(cutTo(wanted, Math.floor((room - fixed) / uses))));
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
