import { BarChart3, Clock, Download, Star } from "lucide-react";
import { formatRating, formatReadTime, type ChapterCard } from "#common/playbook/playbook.ts";
import { countText } from "#client/lib/format.ts";
import { cn } from "#client/ui/cn.ts";

/** Read time, difficulty, downloads and rating: one row of small facts, on cards and on the chapter page. */
export function ChapterFacts({ chapter, className }: { chapter: ChapterCard; className?: string }) {
  const facts = [
    { icon: Clock, label: "Read time", text: formatReadTime(chapter.readTimeMinutes) },
    { icon: BarChart3, label: "Difficulty", text: chapter.difficulty },
    { icon: Download, label: "Downloads", text: countText(chapter.downloads, "download") },
    { icon: Star, label: "Rating", text: formatRating(chapter.rating) },
  ];
  return (
    <dl className={cn("flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-ink-muted", className)}>
      {facts.map(({ icon: Icon, label, text }) => (
        <div key={label} className="flex items-center gap-1.5">
          <dt>
            <Icon aria-hidden="true" className="size-4" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
