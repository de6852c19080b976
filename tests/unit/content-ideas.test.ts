import { describe, expect, it } from "vitest";
import { contentIdeas, draftOf, keywordsOf } from "#client/features/images/content-ideas.ts";

const image = (id: string, annotation: string) => ({ id, name: `${id}.png`, annotation });

describe("content ideas from image annotations", () => {
  it("gives no idea for images without annotations", () => {
    expect(contentIdeas([image("a", ""), image("b", "   ")])).toEqual([]);
  });

  it("builds one idea per annotated image from its own words, shaped by what it says", () => {
    const ideas = contentIdeas([
      image("a", "Stripe dashboard showing the first $12 of revenue"),
      image("b", "Should I raise the price of the template?"),
      image("c", "Landing page redesign sketched on paper"),
      image("d", ""),
    ]);
    expect(ideas.map((idea) => [idea.key, idea.format])).toEqual([
      ["a", "Results post"],
      ["b", "Question thread"],
      ["c", "Behind the scenes"],
      ["summary", "Carousel"],
    ]);
    expect(ideas[0]!.text).toContain("“Stripe dashboard showing the first $12 of revenue”");
    expect(ideas[1]!.text).toContain("raise, price, template");
    expect(ideas[2]!.text).toContain("landing, page, redesign");
    expect(ideas[3]!.text).toMatch(/^A 3-slide carousel/);
  });

  it("adds the summary only once two images are annotated, and shortens long annotations", () => {
    const long = "word ".repeat(60);
    const [only, ...rest] = contentIdeas([image("a", long)]);
    expect(rest).toEqual([]);
    expect(only!.text).toContain("…”");
    expect(only!.text.length).toBeLessThan(200);
  });

  it("ranks keywords by frequency and skips short and common words", () => {
    expect(keywordsOf("The ads cost more than the ads earned; ads are hard", 2)).toEqual(["ads", "cost"]);
  });

  it("saves each idea as a draft of the type its format is written for, its text as the content", () => {
    const ideas = contentIdeas([
      image("a", "Stripe dashboard showing the first $12 of revenue"),
      image("b", "Should I raise the price of the template?"),
      image("c", "Landing page redesign sketched on paper"),
    ]);
    expect(ideas.map((idea) => draftOf(idea).type)).toEqual(["linkedin", "thread", "tweet", "linkedin"]);
    const draft = draftOf(ideas[0]!);
    expect(draft.content).toBe(ideas[0]!.text);
    expect(draft.tags).toEqual(["image idea", "results post"]);
    expect(draft.title).toMatch(/^Results post: Show the numbers behind “Stripe.{20,}…$/);
    expect(draft.title.length).toBeLessThanOrEqual("Results post: ".length + 60);
  });
});
