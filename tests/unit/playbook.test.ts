import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { checklistProgress, formatRating, readTimeMinutes } from "#common/playbook/playbook.ts";
import { createChapterMarkdown } from "#common/playbook/markdown.ts";

const render = (source: string) => createChapterMarkdown(MarkdownIt).render(source);

describe("chapter markdown", () => {
  it("shows raw HTML as text", () => {
    expect(render('<script>alert(1)</script><img src=x onerror="alert(1)">')).not.toMatch(/<script|<img/);
  });

  it("renders only safe links", () => {
    for (const unsafe of [
      "javascript:alert(1)",
      "JavaScript&#58;alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox",
      "file:///etc/passwd",
    ]) {
      expect(render(`[click](${unsafe})`), unsafe).not.toContain("<a");
    }
    expect(render("[docs](https://example.com/x)")).toBe(
      '<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">docs</a></p>\n',
    );
    expect(render("[next](/playbook)")).toContain('<a href="/playbook">');
    expect(render("[mail](mailto:hi@example.com)")).toContain('href="mailto:hi@example.com"');
    expect(render("see https://example.com")).toContain('<a href="https://example.com"');
  });
});

describe("playbook figures", () => {
  it("computes read time, rating text and checklist progress", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes("word ".repeat(400))).toBe(2);
    // An apostrophe, straight or typographic, stays inside its word: 201 words, not 402.
    expect(readTimeMinutes("don't ".repeat(201))).toBe(2);
    expect(readTimeMinutes("don\u2019t ".repeat(201))).toBe(2);
    expect(formatRating({ average: null, count: 2 })).toBe("Not rated yet");
    expect(formatRating({ average: 4.25, count: 4 })).toBe("4.3/5 · 4 ratings");
    const checklist = [
      { id: "a", text: "A", timeEstimate: "" },
      { id: "b", text: "B", timeEstimate: "" },
    ];
    expect(checklistProgress(checklist, ["a", "gone"])).toEqual({ completed: 1, total: 2, percent: 50 });
  });
});
