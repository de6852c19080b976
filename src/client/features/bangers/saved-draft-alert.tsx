import { Link } from "react-router";
import type { Banger, BangerType } from "#common/bangers/bangers.ts";
import { Alert } from "#client/ui/alert.tsx";
import { reasonOf, SAVE_BANGER_FAILED } from "./bangers-texts";

/** How the confirmation names a draft of each type ("Saved as a draft tweet"). */
const DRAFT_NOUNS: Record<BangerType, string> = {
  thread: "thread",
  linkedin: "LinkedIn post",
  tweet: "tweet",
  blog: "blog post",
  chapter: "chapter",
};

/** What became of a "Save as draft": a failure box with the reason, or where the draft now is. */
export function SavedDraftAlert({ saved, error }: { saved: Banger | null; error: unknown }) {
  if (error) {
    return (
      <Alert variant="error" title={SAVE_BANGER_FAILED}>
        {reasonOf(error)}
      </Alert>
    );
  }
  if (!saved) return null;
  return (
    <Alert variant="success" title={`Saved as a draft ${DRAFT_NOUNS[saved.type]}`}>
      “{saved.title}” is in <Link to={`/admin/bangers?type=${saved.type}&status=draft`}>Content Bangers</Link>.
    </Alert>
  );
}
