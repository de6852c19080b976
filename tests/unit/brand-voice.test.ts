import { describe, expect, it } from "vitest";
import { visibleLength } from "#common/bangers/bangers.ts";
import { generateTweet, templatesFor, TWEET_LIMIT, TWEET_TONES, TWEET_TOPICS } from "#common/brand-voice/tweets.ts";

const SPEC_PAIRS = [
  ["launch", "honest"],
  ["learning", "surprised"],
  ["failure", "self-aware"],
  ["success", "encouraging"],
  ["building", "honest"],
  ["community", "confession"],
  ["investing", "self-aware"],
  ["tools", "celebration"],
] as const;

const CONTEXTS = ["", "my AI newsletter tool", "a 🇫🇷 café-finder 👩🏽‍💻", "x".repeat(500), "  spaced   out\ncontext!!  "];

describe("generateTweet", () => {
  it("has three templates of its own for each of the eight documented pairs, and a generic set of three for the others", () => {
    const generic = templatesFor("launch", "celebration");
    for (const [topic, tone] of SPEC_PAIRS) {
      expect(templatesFor(topic, tone)).toHaveLength(3);
      expect(templatesFor(topic, tone)).not.toBe(generic);
    }
    expect(generic).toHaveLength(3);
    expect(templatesFor("tools", "honest")).toBe(generic);
  });

  it("fits every topic, tone, variant and context in 280 characters, with every placeholder filled or removed cleanly", () => {
    for (const topic of TWEET_TOPICS) {
      for (const tone of TWEET_TONES) {
        for (let variant = 0; variant < 3; variant += 1) {
          for (const context of CONTEXTS) {
            const tweet = generateTweet({ topic, tone, context, variant });
            expect(visibleLength(tweet), tweet).toBeLessThanOrEqual(TWEET_LIMIT);
            expect(tweet, tweet).not.toMatch(/[{}[\]]|\s{2}|\s[.,:;!?)]|\(\)/);
            expect(tweet).toBe(tweet.trim());
            expect(tweet.charAt(0)).toBe(tweet.charAt(0).toUpperCase());
          }
        }
      }
    }
  });

  it("puts the context where the template's placeholder is, and drops the bracketed part without one", () => {
    expect(generateTweet({ topic: "launch", tone: "honest", context: "Pocket Ledger", variant: 0 })).toBe(
      "Launching today: Pocket Ledger. It cost less than $100 to build, it has rough edges, and I'm shipping it anyway because waiting for perfect is how side projects die.",
    );
    expect(generateTweet({ topic: "launch", tone: "honest", variant: 0 })).toBe(
      "Launching today. It cost less than $100 to build, it has rough edges, and I'm shipping it anyway because waiting for perfect is how side projects die.",
    );
    expect(generateTweet({ topic: "tools", tone: "honest", context: "a CSV cleaner", variant: 1 })).toBe(
      "Honest update: a week of making the tools I need (a CSV cleaner) taught me more than a month of reading about it. $100 experiments keep me honest.",
    );
  });

  it("shortens a long context with an ellipsis so the tweet ends exactly at the limit or below", () => {
    const tweet = generateTweet({ topic: "success", tone: "encouraging", context: "word ".repeat(100), variant: 0 });
    expect(tweet).toContain("…");
    expect(visibleLength(tweet)).toBeLessThanOrEqual(TWEET_LIMIT);
    expect(visibleLength(tweet)).toBeGreaterThan(TWEET_LIMIT - 5);
  });

  it("cycles through the three templates of a pair", () => {
    const tweets = [0, 1, 2, 3].map((variant) => generateTweet({ topic: "building", tone: "honest", variant }));
    expect(new Set(tweets.slice(0, 3)).size).toBe(3);
    expect(tweets[3]).toBe(tweets[0]);
  });
});
