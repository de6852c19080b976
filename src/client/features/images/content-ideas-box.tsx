import { Lightbulb } from "lucide-react";
import { Badge } from "../../ui/badge";
import { contentIdeas } from "./content-ideas";
import type { WidgetImage } from "./widget-image";

/** The spec's Content Ideas from Images box: ideas built from the annotations, shown once any image exists. */
export function ContentIdeasBox({ images }: { images: readonly WidgetImage[] }) {
  const ideas = contentIdeas(images);
  return (
    <section aria-labelledby="content-ideas-title" className="flex flex-col gap-3 rounded-panel border border-brand-300 bg-brand-50 p-4 sm:p-5">
      <h3 id="content-ideas-title" className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <Lightbulb aria-hidden="true" className="size-5" />
        Content Ideas from Images
      </h3>
      {ideas.length === 0 ? (
        <p className="text-sm text-brand-900/90">Add an annotation to an image (what it shows, what it proves) and ideas for posts built from it appear here.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {ideas.map((idea) => (
            <li key={idea.key} className="flex flex-col items-start gap-1.5 rounded-control bg-surface p-3 text-sm shadow-panel sm:flex-row sm:gap-3">
              <Badge variant="brand" className="shrink-0">
                {idea.format}
              </Badge>
              <span className="leading-relaxed">{idea.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
