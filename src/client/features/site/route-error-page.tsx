import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { AlertTriangle } from "lucide-react";
import { trackError } from "#client/lib/analytics.ts";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { NotFoundPage } from "./not-found-page";
import { SkipLink } from "./skip-link";
import { SiteHeader } from "./site-header";

/**
 * Shown when a page throws while rendering or a lazily loaded part of the app cannot be fetched
 * (typically right after a new version was deployed): a reload fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The router catches render errors before window.onerror would: report them here.
  useEffect(() => {
    if (!notFound) trackError(error, "RouteErrorPage");
  }, [error, notFound]);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex flex-1 flex-col">
        {notFound ? (
          <NotFoundPage />
        ) : (
          <div className="mx-auto w-full max-w-2xl px-4 py-16">
            <title>Something went wrong · The $100 Lab</title>
            <EmptyState
              icon={AlertTriangle}
              titleAs="h1"
              title="Something went wrong"
              description="This page could not be shown. Reloading usually fixes it; if it does not, please try again in a few minutes."
              action={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
            />
          </div>
        )}
      </main>
    </>
  );
}
