import { useLoaderData, useParams } from "react-router";
import { useAuth } from "#client/lib/auth.tsx";
import { NotFoundPage } from "#client/features/site/not-found-page.tsx";
import type { ExperimentLoaderData } from "./experiment-loader";
import { ExperimentPage, ExperimentView } from "./experiment-page";

/**
 * /lab/{id} in the member area: the detail for its owner, the public page of a shared one, else the not-found page.
 * A page the server rendered for a signed-out visitor shows the server's answer; signed in, the page asks the API.
 */
export function ExperimentRoute() {
  const { id = "" } = useParams();
  const { rendered } = useLoaderData<ExperimentLoaderData>();
  const { isAuthenticated } = useAuth();
  if (rendered && !isAuthenticated) return rendered.detail ? <ExperimentView detail={rendered.detail} headingAs="h1" /> : <NotFoundPage />;
  return <ExperimentPage key={id} id={id} headingAs="h1" notFound={<NotFoundPage />} />;
}
