import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { PageSpinner } from "../../ui/spinner";
import { SkipLink } from "../site/skip-link";
import { useMemberPage } from "./member-page";

/**
 * The frame of every member page under a given top bar: the page's title as its <h1> (unless the page writes
 * its own), the document title, and the page.
 */
export function MemberFrame({ header }: { header: ReactNode }) {
  const { title, subtitle, ownHeading } = useMemberPage();

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      {ownHeading ? null : <title>{`${title} · The $100 Lab`}</title>}
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
          {ownHeading ? null : (
            <header className="flex min-w-0 flex-col gap-1">
              <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
              {subtitle ? <p className="text-base text-ink-muted">{subtitle}</p> : null}
            </header>
          )}
          <Suspense fallback={<PageSpinner label="Loading page" />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
