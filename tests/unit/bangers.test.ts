import { describe, expect, it } from "vitest";
import { canMoveBanger, checkPlatformLimits, parseTagList, taggedLink, threadPosts, visibleLength } from "#common/bangers/bangers.ts";
import { bangerCreateInput, bangerSetStatusInput } from "#common/bangers/input.ts";
import { campaignOfUrl } from "#common/analytics/campaigns.ts";

describe("visibleLength", () => {
  it("counts grapheme clusters: an emoji with a skin tone, a flag and a decomposed accent count once each", () => {
    expect(visibleLength("abc")).toBe(3);
    expect(visibleLength("👩🏽‍💻")).toBe(1);
    expect(visibleLength("🇫🇷")).toBe(1);
    expect(visibleLength("e\u0301")).toBe(1);
  });
});

describe("checkPlatformLimits", () => {
  it("lets a tweet of 280 characters be ready and refuses 281, saying why", () => {
    expect(checkPlatformLimits("tweet", "a".repeat(280))).toMatchObject({ ok: true, limit: 280, posts: [{ length: 280, over: false }] });
    const over = checkPlatformLimits("tweet", "a".repeat(281));
    expect(over).toMatchObject({ ok: false, posts: [{ length: 281, over: true }] });
    expect(over.reason).toBe("A Tweet can have at most 280 characters; this one has 281");
  });

  it("counts emoji as one character each, so 280 emoji fit in a tweet", () => {
    expect(checkPlatformLimits("tweet", "👍🏾".repeat(280)).ok).toBe(true);
  });

  it("checks each post of a thread, split by blank lines", () => {
    expect(threadPosts("one\n\ntwo\n  \nthree\n\n\n")).toEqual(["one", "two", "three"]);
    expect(checkPlatformLimits("thread", `${"a".repeat(280)}\n\n${"b".repeat(280)}`).ok).toBe(true);
    const check = checkPlatformLimits("thread", `short\n\n${"b".repeat(281)}\n\nshort`);
    expect(check.ok).toBe(false);
    expect(check.posts.map((post) => post.over)).toEqual([false, true, false]);
    expect(check.reason).toBe("Post 2 of the thread is 281 characters; each post can have at most 280");
  });

  it("allows LinkedIn 3,000 characters, blogs and chapters any length, and never empty content", () => {
    expect(checkPlatformLimits("linkedin", "a".repeat(3000)).ok).toBe(true);
    expect(checkPlatformLimits("linkedin", "a".repeat(3001)).reason).toBe(
      "A LinkedIn can have at most 3,000 characters; this one has 3,001",
    );
    expect(checkPlatformLimits("chapter", "a".repeat(20_000))).toMatchObject({ ok: true, limit: null });
    expect(checkPlatformLimits("blog", "  ")).toMatchObject({ ok: false, reason: "Write some content before marking it ready" });
    expect(checkPlatformLimits("tweet", "")).toMatchObject({ ok: false, reason: "Write some content before marking it ready" });
  });
});

describe("the status machine", () => {
  it("moves draft -> ready -> posted and back to draft, nothing else", () => {
    expect(canMoveBanger("draft", "ready")).toBe(true);
    expect(canMoveBanger("ready", "posted")).toBe(true);
    expect(canMoveBanger("ready", "draft")).toBe(true);
    expect(canMoveBanger("posted", "draft")).toBe(true);
    expect(canMoveBanger("draft", "posted")).toBe(false);
    expect(canMoveBanger("posted", "ready")).toBe(false);
    expect(canMoveBanger("draft", "draft")).toBe(false);
  });

  it("needs an http(s) URL to post", () => {
    const id = "7d4f3f5e-1c8b-4a4e-9d7a-2b1f0e6c9a10";
    expect(bangerSetStatusInput.safeParse({ id, status: "posted" }).success).toBe(false);
    expect(bangerSetStatusInput.safeParse({ id, status: "posted", postedUrl: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "Post URL must be an http:// or https:// address",
    );
    expect(bangerSetStatusInput.safeParse({ id, status: "posted", postedUrl: " https://x.com/lab/status/1 " }).data).toEqual({
      id,
      status: "posted",
      postedUrl: "https://x.com/lab/status/1",
    });
  });
});

describe("tags and links", () => {
  it("takes tags comma-separated, trimmed, empties dropped", () => {
    expect(parseTagList(" growth, ,build in public ,, $100 ")).toEqual(["growth", "build in public", "$100"]);
    expect(bangerCreateInput.parse({ type: "tweet", title: "T", tags: [" a ", "", "a", "b"] }).tags).toEqual(["a", "b"]);
  });

  it("tags the site link with the platform, social and the short id, which the beacon reads back", () => {
    const link = taggedLink("https://lab.example", { type: "thread", campaign: "k3x9q2mz", metadata: { platform: "x" } });
    expect(link).toBe("https://lab.example/?utm_source=x&utm_medium=social&utm_campaign=k3x9q2mz");
    expect(campaignOfUrl(link)).toEqual({ source: "x", campaign: "k3x9q2mz" });
    expect(campaignOfUrl("https://lab.example/?utm_campaign=<script>")).toEqual({ source: null, campaign: null });
  });
});
