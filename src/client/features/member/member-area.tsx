import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { PageSpinner } from "../../ui/spinner";
import { TooltipProvider } from "../../ui/tooltip";
import { AuthGate } from "../auth/auth-gate";
import { SiteHeader } from "../site/site-header";
import { SkipLink } from "../site/skip-link";
import { MemberHeader } from "./member-header";
import { useMemberPage } from "./member-page";

/**
 * Everything under the member pages of common/page-routes.ts (/lab, /playbook, ...): any signed-in user.
 * A signed-out visitor gets the sign-in form, which reloads the same address once signed in; a page whose
 * route is open to visitors (a shared experiment) shows them the public frame instead.
 */
export function MemberArea() {
  const { status } = useAuth();
  const { openToVisitors } = useMemberPage();
  if (openToVisitors && status === "anonymous") return <MemberLayout visitor />;
  return (
    <AuthGate>
      <MemberLayout />
    </AuthGate>
  );
}

/** The frame of every member page; a visitor (signed out, on a page open to visitors) gets the public header. */
function MemberLayout({ visitor = false }: { visitor?: boolean }) {
  const { title, subtitle } = useMemberPage();

  return (
    <TooltipProvider delayDuration={300}>
      <div className="flex min-h-dvh flex-col bg-canvas">
        <title>{`${title} · The $100 Lab`}</title>
        <SkipLink />
        {visitor ? <SiteHeader /> : <MemberHeader />}
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">
          <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
            <header className="flex min-w-0 flex-col gap-1">
              <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
              {subtitle ? <p className="text-base text-ink-muted">{subtitle}</p> : null}
            </header>
            <Suspense fallback={<PageSpinner label="Loading page" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}
