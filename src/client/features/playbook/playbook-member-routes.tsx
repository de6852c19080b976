import { useParams } from "react-router";
import { ChapterPage } from "./chapter-page";

/** /playbook/:id in the member area (the list, /playbook, is PlaybookPage itself). */
export function PlaybookChapterRoute() {
  const { id = "" } = useParams();
  return <ChapterPage key={id} id={id} />;
}
