// The Markdown rules of playbook chapters: raw HTML off, and links only to http(s), mailto or relative
// addresses (no javascript:, data:, vbscript:...). The client's one renderer (features/playbook/
// chapter-markdown.ts) serves the editor's preview and the reading view; the server's PDF walks the tokens of
// the same configuration. markdown-it is passed in, not imported, so the server loads it on first download.
import type MarkdownItModule from "markdown-it";

type MarkdownIt = InstanceType<typeof MarkdownItModule>;

const SAFE_LINK = /^(https?:|mailto:|#|\.{0,2}\/(?!\/)|[^:/?#]+(?:[/?#]|$))/i;

/** Whether a link target may be rendered: markdown-it's own check refuses a few schemes; this allows only safe ones. */
export const isSafeChapterLink = (url: string): boolean => SAFE_LINK.test(url.trim());

export function createChapterMarkdown(Markdown: typeof MarkdownItModule): MarkdownIt {
  const md = new Markdown({ html: false, linkify: true, typographer: true });
  md.validateLink = isSafeChapterLink;
  const renderToken: NonNullable<typeof md.renderer.rules.link_open> = (tokens, idx, options, _env, self) =>
    self.renderToken(tokens, idx, options);
  const linkOpen = md.renderer.rules.link_open ?? renderToken;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    if (/^https?:/i.test(String(token.attrGet("href") ?? ""))) {
      token.attrSet("target", "_blank");
      token.attrSet("rel", "noopener noreferrer nofollow");
    }
    return linkOpen(tokens, idx, options, env, self);
  };
  return md;
}

/** A block or inline token of the parser (the PDF walks them). */
export type MarkdownToken = ReturnType<MarkdownIt["parse"]>[number];
