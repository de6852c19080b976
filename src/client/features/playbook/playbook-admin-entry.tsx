import { useLocation } from "react-router";
import { ChapterEditorPage } from "./chapter-editor-page";
import { ChapterPage } from "./chapter-page";
import { ADMIN_ENTRY, PlaybookEntryProvider } from "./playbook-entry";
import { PlaybookPage } from "./playbook-page";

/**
 * /admin/playbook/*: the back office routes its pages by their first segment only (admin-routes.tsx), so the
 * Playbook picks its own page below it: the list, /new, /{id} (the chapter as members read it), /{id}/edit.
 */
export function PlaybookAdminEntry() {
  const { pathname } = useLocation();
  const [id, action] = pathname
    .replace(/^\/admin\/playbook\/?/, "")
    .split("/")
    .filter(Boolean);
  const page = !id ? (
    <PlaybookPage />
  ) : id === "new" ? (
    <ChapterEditorPage id={null} />
  ) : action === "edit" ? (
    <ChapterEditorPage key={id} id={id} />
  ) : (
    <ChapterPage key={id} id={id} />
  );
  return <PlaybookEntryProvider entry={ADMIN_ENTRY}>{page}</PlaybookEntryProvider>;
}
