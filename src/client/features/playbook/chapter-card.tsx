import { Link } from "react-router";
import { ArrowRight, Pencil, Trash2 } from "lucide-react";
import { CHAPTER_STATUS_LABELS, type ChapterCard as Chapter } from "#common/playbook/playbook.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { ChapterFacts } from "./chapter-facts";
import { ChapterStatusSelect } from "./chapter-status-select";
import { chapterPath, editorPath, usePlaybookEntry } from "./playbook-entry";
import { COMING_SOON } from "./playbook-texts";

const STATUS_BADGE = { published: "success", coming_soon: "warning", draft: "neutral" } as const;

/** One chapter in the list: Read Chapter, or a disabled Coming Soon button; Edit and Delete in the back office. */
export function ChapterCard({ chapter, onDelete }: { chapter: Chapter; onDelete?: (chapter: Chapter) => void }) {
  const entry = usePlaybookEntry();
  const readable = chapter.status === "published" || entry.authoring;
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="brand">{chapter.category}</Badge>
          {chapter.status !== "published" ? (
            <Badge variant={STATUS_BADGE[chapter.status]}>{CHAPTER_STATUS_LABELS[chapter.status]}</Badge>
          ) : null}
        </div>
        <h3 className="text-lg font-bold tracking-tight text-ink">{chapter.title}</h3>
        <p className="flex-1 text-sm text-ink-muted">{chapter.description}</p>
        <ChapterFacts chapter={chapter} />
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {readable ? (
            <Button asChild size="sm">
              <Link to={chapterPath(entry, chapter.id)} aria-label={`Read Chapter: ${chapter.title}`}>
                Read Chapter <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled>
              {COMING_SOON}
            </Button>
          )}
          {entry.authoring ? (
            <Button asChild size="sm" variant="outline">
              <Link to={editorPath(entry, chapter.id)} aria-label={`Edit ${chapter.title}`}>
                <Pencil aria-hidden="true" /> Edit
              </Link>
            </Button>
          ) : null}
        </div>
        {entry.authoring ? (
          <div className="flex items-center justify-between gap-2 border-t border-line pt-3">
            <ChapterStatusSelect chapter={chapter} />
            <Button size="sm" variant="ghost" onClick={() => onDelete?.(chapter)} aria-label={`Delete ${chapter.title}`} title="Delete">
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}
