/**
 * npm run bench:pdf: a playbook chapter of 8 A4 pages (headings, paragraphs with bold and links, lists, a
 * quote, a table, the takeaways and a 12-item checklist) rendered to PDF by the download path's renderer,
 * stream read to the end, 40 times after one warm-up. Prints p50/p95 against the 300 ms budget.
 */
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { readTimeMinutes } from "#common/playbook/playbook.ts";
import { renderChapterPdf, type PdfChapter } from "#server/features/playbook/index.ts";
import { percentile } from "./bench-support";

const RUNS = 40;
const BUDGET_MS = 300;
const PAGES = 8;

const paragraph = (n: number) =>
  `Experiment ${n} kept the **spend under $100** and the question narrow. We wrote the threshold down first, ran the test for seven days, and logged each day's spend and result in [the Lab](https://example.com/lab). ` +
  "Small, honest experiments compound: each one narrows the next question, and the notes become the content that brings the next reader in.";

function section(n: number): string {
  return [
    `## Part ${n}: what we tested`,
    paragraph(n),
    paragraph(n + 1),
    "- One lever at a time\n- A number and a threshold\n- A deadline in the calendar",
    `> Lesson ${n}: a result you can explain beats a result you like.`,
    "| Share | Use |\n|---|---|\n| 70% | The lever |\n| 10% | Measurement |\n| 20% | Reserve |",
    paragraph(n + 2),
  ].join("\n\n");
}

function chapterOfPages(sections: number): PdfChapter {
  const body = Array.from({ length: sections }, (_, i) => section(i + 1)).join("\n\n");
  return {
    title: "The Complete $100 Experiment Field Guide",
    category: "Investment",
    difficulty: "Intermediate",
    status: "published",
    readTimeMinutes: readTimeMinutes(body),
    downloads: 0,
    rating: { average: 4.4, count: 12 },
    lastUpdated: new Date().toISOString(),
    description: "Everything from the first hypothesis to the result thread, in one chapter.",
    keyTakeaways: ["Decide the rule before you spend", "Log as you go", "Share the bet, the twist and the result"],
    tools: ["A spreadsheet", "The Lab", "Content Bangers"],
    body,
    checklist: Array.from({ length: 12 }, (_, i) => ({
      id: `item${i}`,
      text: `Step ${i + 1}: do one concrete thing today`,
      timeEstimate: `${(i + 1) * 5} min`,
    })),
  };
}

async function render(chapter: PdfChapter): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  const stream: Readable = await renderChapterPdf(chapter);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { ms: performance.now() - started, bytes: Buffer.concat(chunks) };
}

const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

// Sections until the chapter fills 8 pages, so the figure is for exactly the budget's size.
let sections = 1;
while (pageCount((await render(chapterOfPages(sections))).bytes) < PAGES) sections += 1;
if (pageCount((await render(chapterOfPages(sections))).bytes) > PAGES) sections -= 1;
const chapter = chapterOfPages(sections);
const pages = pageCount((await render(chapter)).bytes);

const times: number[] = [];
let size = 0;
for (let i = 0; i < RUNS; i += 1) {
  const { ms, bytes } = await render(chapter);
  times.push(ms);
  size = bytes.length;
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p95 = percentile(times, 95);
console.log(
  `chapter: ${pages} pages, ${chapter.body.length.toLocaleString("en-US")} characters of Markdown, ${(size / 1024).toFixed(0)} KB of PDF`,
);
console.log(
  `render + stream, ${RUNS} runs: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
);
if (p95 > BUDGET_MS) {
  console.error(`over budget: p95 ${p95.toFixed(1)} ms > ${BUDGET_MS} ms`);
  process.exitCode = 1;
}
