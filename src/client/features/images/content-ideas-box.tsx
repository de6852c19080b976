import { Lightbulb, Save } from "lucide-react";
import { useAuth } from "#client/lib/auth.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { SavedDraftAlert } from "#client/features/bangers/saved-draft-alert.tsx";
import { useSaveDraft } from "#client/features/bangers/use-save-draft.ts";
import { contentIdeas, draftOf, type ContentIdea } from "./content-ideas";
import type { WidgetImage } from "./widget-image";

/**
 * The Content Ideas from Images box: ideas built from the annotations, shown once any image exists.
 * Admins (who may write bangers) can save each idea as a draft in Content Bangers.
 */
export function ContentIdeasBox({ images }: { images: readonly WidgetImage[] }) {
  const ideas = contentIdeas(images);
  const { isAdmin } = useAuth();
  return (
    <section
      aria-labelledby="content-ideas-title"
      className="flex flex-col gap-3 rounded-panel border border-brand-300 bg-brand-50 p-4 sm:p-5"
    >
      <h3 id="content-ideas-title" className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <Lightbulb aria-hidden="true" className="size-5" />
        Content Ideas from Images
      </h3>
      {ideas.length === 0 ? (
        <p className="text-sm text-brand-900/90">
          Add an annotation to an image (what it shows, what it proves) and ideas for posts built from it appear here.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {ideas.map((idea) => (
            // Keyed by the text too: an edited annotation is a new idea, not the one already saved.
            <IdeaItem key={`${idea.key}:${idea.text}`} idea={idea} canSave={isAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}

function IdeaItem({ idea, canSave }: { idea: ContentIdea; canSave: boolean }) {
  const draft = useSaveDraft();
  return (
    <li className="flex flex-col gap-2 rounded-control bg-surface p-3 text-sm shadow-panel">
      <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:gap-3">
        <Badge variant="brand" className="shrink-0">
          {idea.format}
        </Badge>
        <span className="leading-relaxed sm:flex-1">{idea.text}</span>
        {canSave ? (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            aria-label={`Save as draft: ${idea.format}`}
            onClick={() => void draft.save(draftOf(idea)).catch(() => undefined)}
            loading={draft.pending}
            disabled={draft.saved !== null}
          >
            <Save aria-hidden="true" />
            Save as draft
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        <SavedDraftAlert saved={draft.saved} error={draft.error} />
      </div>
    </li>
  );
}
