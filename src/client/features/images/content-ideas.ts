import type { BangerType } from "#common/bangers/bangers.ts";
import type { BangerCreateValues } from "#common/bangers/input.ts";

/**
 * Content ideas built from what people wrote about their images: one idea per annotated image, shaped by
 * what the annotation talks about (a figure makes a results post, a question an open thread, the rest a
 * behind-the-scenes post), and a summary idea tying the images together once several are annotated.
 */
export type ContentIdea = {
  /** Stable across renders: the image id, or "summary". */
  key: string;
  format: "Results post" | "Question thread" | "Behind the scenes" | "Carousel";
  text: string;
};

type Annotated = { id: string; name: string; annotation: string };

const STOP_WORDS = new Set(
  "a an and are as at be but by can could did does for from had has have how i in is it its my of on or our should so than that the their then this to was we were what when why will with would you your".split(
    " ",
  ),
);
const MAX_QUOTE = 90;

const quote = (text: string) => {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_QUOTE ? `${oneLine.slice(0, MAX_QUOTE - 1).trimEnd()}…` : oneLine;
};

/** The annotation's meaningful words, most frequent first, in order of appearance on ties. */
export function keywordsOf(text: string, limit = 3): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}$%][\p{L}\p{N}$%'-]*/gu) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

function ideaFor(image: Annotated): ContentIdea {
  const said = quote(image.annotation);
  const topic = keywordsOf(image.annotation).join(", ");
  if (/\?\s*$/.test(image.annotation.trim())) {
    return {
      key: image.id,
      format: "Question thread",
      text: `Ask your audience: “${said}” Share the screenshot and collect their answers on ${topic}.`,
    };
  }
  if (/[$€£%]|\d/.test(image.annotation)) {
    return {
      key: image.id,
      format: "Results post",
      text: `Show the numbers behind “${said}”: what you spent, what came back, and what you would change.`,
    };
  }
  return { key: image.id, format: "Behind the scenes", text: `Tell the story of “${said}”: why it matters for the experiment (${topic}).` };
}

export function contentIdeas(images: readonly Annotated[]): ContentIdea[] {
  const annotated = images.filter((image) => image.annotation.trim().length > 0);
  const ideas = annotated.map(ideaFor);
  if (annotated.length >= 2) {
    const themes = keywordsOf(annotated.map((image) => image.annotation).join(" "), 4);
    ideas.push({
      key: "summary",
      format: "Carousel",
      text: `A ${annotated.length}-slide carousel walking through the experiment${themes.length > 0 ? `: ${themes.join(", ")}` : ""}, one image and its note per slide.`,
    });
  }
  return ideas;
}

/** The banger type an idea is written for: numbers and carousels suit LinkedIn, a question a thread, a story a tweet. */
const DRAFT_TYPES: Record<ContentIdea["format"], BangerType> = {
  "Results post": "linkedin",
  "Question thread": "thread",
  "Behind the scenes": "tweet",
  Carousel: "linkedin",
};
const MAX_TITLE_TEXT = 60;

/** The banger draft an idea is saved as: its text as the content, its format and a shortened text as the title. */
export function draftOf(idea: ContentIdea): Pick<BangerCreateValues, "type" | "title" | "content" | "tags" | "metadata"> {
  const title = idea.text.length > MAX_TITLE_TEXT ? `${idea.text.slice(0, MAX_TITLE_TEXT - 1).trimEnd()}…` : idea.text;
  return {
    type: DRAFT_TYPES[idea.format],
    title: `${idea.format}: ${title}`,
    content: idea.text,
    tags: ["image idea", idea.format.toLowerCase()],
    metadata: {},
  };
}
