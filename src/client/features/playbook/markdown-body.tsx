import { useEffect, useState } from "react";
import { cn } from "#client/ui/cn.ts";
import { Spinner } from "#client/ui/spinner.tsx";

/** Reading styles for rendered Markdown (there is no typography plugin: the few elements a chapter uses). */
const PROSE = [
  "max-w-none text-base leading-7 text-ink break-words",
  "[&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:underline [&_a]:decoration-brand-500 [&_a]:decoration-2 [&_a]:underline-offset-4 hover:[&_a]:decoration-ink",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:pl-4 [&_blockquote]:text-ink-muted",
  "[&_code]:rounded [&_code]:bg-sunken [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-control [&_pre]:bg-sunken [&_pre]:p-4",
  "[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_td]:border-b [&_td]:border-line [&_td]:p-2",
  "[&_hr]:my-6 [&_hr]:border-line [&_img]:max-w-full [&_img]:rounded-control [&_>*:first-child]:mt-0",
].join(" ");

type Render = (source: string) => string;

/** markdown-it is about 35 KB of gzipped JS: fetched with the first chapter body, not with the list. */
function useRenderer(): Render | null {
  const [render, setRender] = useState<Render | null>(null);
  useEffect(() => {
    let live = true;
    void import("./chapter-markdown").then((module) => {
      if (live) setRender(() => module.renderChapterMarkdown);
    });
    return () => {
      live = false;
    };
  }, []);
  return render;
}

/** A chapter body: rendered by the one safe renderer (raw HTML off, safe links only), so the HTML may be inserted. */
export function MarkdownBody({ source, className, id }: { source: string; className?: string; id?: string }) {
  const render = useRenderer();
  if (!render) return <Spinner label="Loading the chapter text" />;
  return <div id={id} className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: render(source) }} />;
}
