import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { cn } from "#client/ui/cn.ts";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { UnverifiedEmailNotice } from "#client/features/auth/email-verification.tsx";
import { SkipLink } from "#client/features/site/skip-link.tsx";
import { useMemberPage } from "./member-page";

/** The page's column, lined up with its top bar: the member header's, or for visitors the public site header's. */
const COLUMNS = {
  member: { main: "px-4 sm:px-6 lg:px-8", column: "max-w-7xl" },
  public: { main: "", column: "max-w-6xl px-4 sm:px-6" },
} as const;

/**
 * The frame of every member page under a given top bar: the page's title as its <h1> (unless the page writes
 * its own), the document title, and the page.
 */
export function MemberFrame({ header, column = "member" }: { header: ReactNode; column?: keyof typeof COLUMNS }) {
  const widths = COLUMNS[column];
  const { title, subtitle, ownHeading, narrow } = useMemberPage();

  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      {ownHeading ? null : <title>{`${title} · The $100 Lab`}</title>}
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className={cn("flex-1 py-6 outline-none sm:py-8", widths.main)}>
        <div className={cn("mx-auto flex w-full flex-col gap-6", widths.column, narrow && "max-w-3xl")}>
          <UnverifiedEmailNotice />
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
