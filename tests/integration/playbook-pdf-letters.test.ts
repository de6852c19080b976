import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChapterDraft } from "#common/playbook/playbook.ts";
import type { ChapterValues } from "#common/playbook/input.ts";
import { playbookPdfPath } from "#common/playbook/playbook.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await t.createUser("admin");
  member = await t.createUser("member");
});

const chapter = (overrides: Partial<ChapterValues>): ChapterValues => ({
  title: "Letters",
  category: "Product Strategy",
  description: "Every letter prints.",
  body: "A paragraph.",
  difficulty: "Beginner",
  tools: [],
  keyTakeaways: [],
  checklist: [],
  status: "published",
  ...overrides,
});

/** The PDF of a new chapter, as text. */
async function pdfText(overrides: Partial<ChapterValues>): Promise<string> {
  const created = await t.trpcMutation<ChapterDraft>("playbook.create", chapter(overrides), admin.headers);
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  const response = await t.inject({ method: "GET", url: playbookPdfPath(created.data.id), headers: member.headers });
  expect(response.statusCode).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

const NOTE = "Some characters of this chapter cannot be printed with the embedded font";

describe("playbook PDF: letters beyond Windows-1252", () => {
  it("prints Polish, Czech, Greek, Cyrillic and Vietnamese as written, in bold, italic and checklists too", async () => {
    const lines = {
      polish: "Zażółć gęślą jaźń w Łodzi",
      czech: "Příliš žluťoučký kůň úpěl ďábelské ódy",
      greek: "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
      cyrillic: "Съешь же ещё этих мягких французских булок",
      vietnamese: "Tiếng Việt có dấu: người, được, phở",
    };
    const text = await pdfText({
      title: "Gęślą jaźń — Ελληνικά",
      body: [
        `## ${lines.czech}`,
        `${lines.polish}. **${lines.greek}**, *${lines.cyrillic}*.`,
        `- ${lines.vietnamese}`,
        "Arrows stay readable: A → B.",
      ].join("\n\n"),
      checklist: [{ text: "Сделать шаг", timeEstimate: "5 мин" }],
    });
    const flat = text.replace(/\s+/g, " ");
    for (const line of Object.values(lines)) expect(flat).toContain(line);
    expect(flat).toContain("Gęślą jaźń — Ελληνικά");
    expect(flat).toContain("Сделать шаг");
    expect(flat).toContain("A -> B");
    expect(flat).not.toContain(NOTE);
  });

  it("names the scripts it cannot print (CJK, emoji) in a note at the end, and shows them as ?", async () => {
    const text = await pdfText({ title: "Chinese 中文", body: "你好，世界 and a rocket 🚀. Also: Ünïcödé stays." });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Chinese ??");
    expect(flat).toContain("Ünïcödé stays");
    expect(flat).toContain(
      `${NOTE} (Inter: Latin, Greek, Cyrillic and Vietnamese letters) and show as "?": Chinese and Japanese characters, CJK punctuation, emoji. Read the chapter on the site to see them.`,
    );
  });
});
