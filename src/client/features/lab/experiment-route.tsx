import { useParams } from "react-router-dom";
import { NotFoundPage } from "../site/not-found-page";
import { ExperimentPage } from "./experiment-page";

/** /lab/{id} in the member area: the detail for its owner, the public page of a shared one, else the not-found page. */
export function ExperimentRoute() {
  const { id = "" } = useParams();
  return <ExperimentPage key={id} id={id} headingAs="h1" notFound={<NotFoundPage />} />;
}
