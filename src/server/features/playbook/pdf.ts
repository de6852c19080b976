import type { Readable } from "node:stream";
import type PDFKit from "pdfkit";
import { createChapterMarkdown, type MarkdownToken as Token } from "#common/playbook/markdown.ts";
import { CHAPTER_STATUS_LABELS, formatRating, formatReadTime, type ChapterDetail } from "#common/playbook/playbook.ts";
import { fontRuns, missingCharactersNote, type FontStyle } from "./pdf-fonts";

/*
 * A chapter as a PDF: title, facts, what you'll learn, tools, the body (the same markdown-it tokens the
 * reading view renders) and the checklist with empty boxes to tick on paper. pdfkit and markdown-it load
 * with the first download, not at start (the server's memory budget). The text is set in Inter, embedded
 * (pdf-fonts.ts: every Latin, Greek, Cyrillic and Vietnamese letter prints; other scripts are named in a note
 * at the end); an 8-page chapter stays well under its 300 ms budget (npm run bench:pdf).
 */

export type PdfChapter = Pick<
  ChapterDetail,
  | "title"
  | "category"
  | "difficulty"
  | "status"
  | "readTimeMinutes"
  | "downloads"
  | "rating"
  | "lastUpdated"
  | "description"
  | "keyTakeaways"
  | "tools"
  | "body"
  | "checklist"
>;

const INK = "#1c1917";
const MUTED = "#57534e";
const ACCENT = "#65a30d";
const MARGIN = 56;

type Span = { text: string; bold: boolean; italic: boolean; code: boolean; link: string | null };

/** The inline tokens of one paragraph, heading or list item as spans of one style each. */
function spansOf(inline: Token): Span[] {
  const spans: Span[] = [];
  let bold = false;
  let italic = false;
  let link: string | null = null;
  for (const child of inline.children ?? []) {
    if (child.type === "strong_open" || child.type === "strong_close") bold = child.type === "strong_open";
    else if (child.type === "em_open" || child.type === "em_close") italic = child.type === "em_open";
    else if (child.type === "link_open") link = String(child.attrGet("href") ?? "") || null;
    else if (child.type === "link_close") link = null;
    else if (child.type === "text" || child.type === "code_inline")
      spans.push({ text: child.content, bold, italic, code: child.type === "code_inline", link });
    else if (child.type === "softbreak") spans.push({ text: " ", bold, italic, code: false, link });
    else if (child.type === "hardbreak") spans.push({ text: "\n", bold, italic, code: false, link });
    else if (child.type === "image") spans.push({ text: `[${child.content || "image"}]`, bold, italic, code: false, link: null });
  }
  return spans;
}

const styleOf = (span: Span): FontStyle | "code" =>
  span.code ? "code" : span.bold && span.italic ? "boldItalic" : span.bold ? "bold" : span.italic ? "italic" : "regular";

/** pdfkit and the configured parser, loaded with the first download and kept. */
let tools: Promise<{ PDFDocument: typeof PDFKit; markdown: ReturnType<typeof createChapterMarkdown> }> | undefined;
const loadTools = () =>
  (tools ??= Promise.all([import("pdfkit"), import("markdown-it")]).then(([pdfkit, markdownIt]) => ({
    PDFDocument: pdfkit.default,
    markdown: createChapterMarkdown(markdownIt.default),
  })));

export async function renderChapterPdf(chapter: PdfChapter): Promise<Readable> {
  const { PDFDocument, markdown } = await loadTools();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    // The document's properties are Unicode strings: the title as written.
    info: { Title: chapter.title, Author: "The $100 Lab", Subject: chapter.category },
  });
  const width = doc.page.width - MARGIN * 2;
  /** The characters no embedded font could draw, for the closing note. */
  const missing = new Set<string>();
  const useFont = (font: ReturnType<typeof fontRuns>[number]["font"]) =>
    typeof font === "string" ? doc.font(font) : doc.font(font.source as PDFKit.Mixins.PDFFontSource, font.key);

  const write = (spans: Span[], size: number, options: { indent?: number; color?: string } = {}) => {
    const pieces = spans.flatMap((span) => fontRuns(span.text, styleOf(span), missing).map((run) => ({ run, link: span.link })));
    if (pieces.length === 0) return;
    doc.fontSize(size).fillColor(options.color ?? INK);
    pieces.forEach(({ run, link }, i) => {
      useFont(run.font).text(run.text, (options.indent ?? 0) + MARGIN, undefined, {
        continued: i < pieces.length - 1,
        link,
        underline: link !== null,
        width: width - (options.indent ?? 0),
        lineGap: 2,
      });
    });
  };
  const plain = (text: string, style: "regular" | "bold" | "italic" = "regular"): Span[] => [
    { text, bold: style === "bold", italic: style === "italic", code: false, link: null },
  ];
  const heading = (text: string, size: number) => {
    doc.moveDown(0.8);
    write(plain(text, "bold"), size);
    doc.moveDown(0.3);
  };
  const bullet = (spans: Span[], marker: string, indent: number) => {
    const y = doc.y;
    for (const run of fontRuns(marker, "regular", missing)) useFont(run.font);
    doc
      .fontSize(11)
      .fillColor(MUTED)
      .text(marker, MARGIN + indent - 14, y, { width: 14, lineBreak: false });
    doc.y = y;
    write(spans, 11, { indent });
    doc.moveDown(0.2);
  };

  // Title and facts.
  write(plain(chapter.title, "bold"), 24);
  doc.moveDown(0.3);
  const facts = [chapter.category, chapter.difficulty, formatReadTime(chapter.readTimeMinutes), formatRating(chapter.rating)];
  if (chapter.status !== "published") facts.push(CHAPTER_STATUS_LABELS[chapter.status]);
  write(plain(facts.join("  ·  ")), 10, { color: ACCENT });
  write(
    plain(`Updated ${new Date(chapter.lastUpdated).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}`),
    9,
    { color: MUTED },
  );
  doc.moveDown(0.6);
  write(plain(chapter.description, "italic"), 12, { color: MUTED });

  if (chapter.keyTakeaways.length > 0) {
    heading("What you'll learn", 14);
    for (const takeaway of chapter.keyTakeaways) bullet(plain(takeaway), "•", 16);
  }
  if (chapter.tools.length > 0) {
    heading("Tools", 14);
    write(plain(chapter.tools.join(", ")), 11);
  }

  // The body, block by block.
  const tokens = markdown.parse(chapter.body, {});
  const lists: Array<{ ordered: boolean; next: number }> = [];
  let quote = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const inline = tokens[i + 1];
    if (token.type === "heading_open" && inline) heading(inline.content, token.tag === "h1" ? 18 : token.tag === "h2" ? 15 : 13);
    else if (token.type === "bullet_list_open") lists.push({ ordered: false, next: 1 });
    else if (token.type === "ordered_list_open") lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1) });
    else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") {
      lists.pop();
      if (lists.length === 0) doc.moveDown(0.4);
    } else if (token.type === "blockquote_open") quote += 1;
    else if (token.type === "blockquote_close") quote -= 1;
    else if (token.type === "paragraph_open" && inline) {
      const list = lists.at(-1);
      if (list && tokens[i - 1]?.type === "list_item_open")
        bullet(spansOf(inline), list.ordered ? `${list.next++}.` : "•", 16 * lists.length);
      else {
        write(spansOf(inline), 11, { indent: quote * 16 + (lists.length > 0 ? 16 * lists.length : 0), color: quote > 0 ? MUTED : INK });
        doc.moveDown(0.5);
      }
    } else if (token.type === "fence" || token.type === "code_block") {
      write([{ text: token.content.replace(/\n$/, ""), bold: false, italic: false, code: true, link: null }], 9, { indent: 12 });
      doc.moveDown(0.5);
    } else if (token.type === "tr_open") {
      const cells: string[] = [];
      for (let j = i + 1; tokens[j] && tokens[j]!.type !== "tr_close"; j += 1)
        if (tokens[j]!.type === "inline") cells.push(tokens[j]!.content);
      write(plain(cells.join("   |   "), tokens[i - 1]?.type === "thead_open" ? "bold" : "regular"), 10);
    } else if (token.type === "table_close") doc.moveDown(0.5);
    else if (token.type === "hr") {
      doc
        .moveDown(0.3)
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .strokeColor("#d6d3d1")
        .stroke()
        .moveDown(0.6);
    }
  }

  if (chapter.checklist.length > 0) {
    heading("Action checklist", 15);
    for (const item of chapter.checklist) {
      if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
      const top = doc.y;
      doc
        .rect(MARGIN, top + 1, 10, 10)
        .lineWidth(1)
        .strokeColor(MUTED)
        .stroke();
      doc.y = top;
      write(plain(item.text), 11, { indent: 20 });
      if (item.timeEstimate) write(plain(item.timeEstimate), 9, { indent: 20, color: MUTED });
      doc.moveDown(0.4);
    }
  }

  const note = missingCharactersNote(missing);
  if (note) {
    doc.moveDown(1.2);
    write(plain(note, "italic"), 9, { color: MUTED });
  }

  doc.end();
  return doc;
}
