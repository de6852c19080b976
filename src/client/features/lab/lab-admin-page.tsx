import { useParams } from "react-router";
import { SearchX } from "lucide-react";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { ExperimentPage } from "./experiment-page";
import { LabPage } from "./lab-page";

/** /admin/lab and /admin/lab/{id}: the member area's own Lab pages, inside the back office. */
export function LabAdminPage() {
  // The admin shell routes /admin/* itself: the splat is "lab" or "lab/{id}".
  const id = (useParams()["*"] ?? "").split("/")[1];
  if (!id) return <LabPage />;
  return (
    <ExperimentPage
      key={id}
      id={id}
      headingAs="h2"
      notFound={
        <EmptyState
          icon={SearchX}
          titleAs="h2"
          title="Experiment not found"
          description="It does not exist, or it is someone else's private experiment."
        />
      }
    />
  );
}
