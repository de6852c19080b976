import MarkdownIt from "markdown-it";
import { createChapterMarkdown } from "#common/playbook/markdown.ts";

/** THE renderer of chapter bodies on the client: the editor's preview and the reading view both call it. */
const chapterMarkdown = createChapterMarkdown(MarkdownIt);

/** Safe HTML: raw HTML in the source is shown as text, unsafe links are left as text. */
export const renderChapterMarkdown = (body: string): string => chapterMarkdown.render(body);
