import { compile, type HtmlToTextOptions } from "html-to-text";

const heading = (selector: string) => ({ selector, options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } });

/**
 * Mail text parts: no word wrap (mail clients wrap for themselves, and a wrapped address is a broken link),
 * links as "label (https://...)" or the bare address when the label is the address, headings as written,
 * images left out (logos and pixels say nothing in text), and every table laid out in columns so that cells
 * stay apart; a cell is never wrapped, so a link inside one stays whole.
 */
const MAIL_TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map(heading),
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false, maxColumnWidth: Number.MAX_SAFE_INTEGER } },
  ],
};

const convert = compile(MAIL_TEXT_OPTIONS);

/**
 * The plain-text part of a mail whose template left it empty, from the rendered HTML: entities decoded,
 * blocks as paragraphs, list items with a dash or their number, table cells in columns, tags, styles,
 * scripts and comments gone.
 */
export function htmlToText(html: string): string {
  return convert(html).trim();
}
