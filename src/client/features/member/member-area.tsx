import { lazy, Suspense } from "react";
import { useAuth } from "#client/lib/auth.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { SiteHeader } from "#client/features/site/site-header.tsx";
import { MemberFrame } from "./member-frame";
import { useMemberPage, useRenderedForVisitor } from "./member-page";

// The gate, the login form and the member header load only for the signed-in frame: a visitor reading a page
// open to visitors (a shared experiment, often a first visit from a link) gets the public header alone.
const SignedInMemberLayout = lazy(() => import("./member-layout").then((m) => ({ default: m.SignedInMemberLayout })));

/**
 * Everything under the member pages of common/page-routes.ts (/lab, /playbook, ...): any signed-in user.
 * A signed-out visitor gets the sign-in form, which reloads the same address once signed in; a page whose
 * route is open to visitors shows them the public header instead. A page the server rendered for a visitor keeps
 * that frame while the browser asks who is signed in, so that hydration finds what the server rendered.
 */
export function MemberArea() {
  const { status } = useAuth();
  const { openToVisitors } = useMemberPage();
  const renderedForVisitor = useRenderedForVisitor();
  if (openToVisitors && (status === "anonymous" || (status === "loading" && renderedForVisitor)))
    return <MemberFrame header={<SiteHeader />} column="public" />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SignedInMemberLayout />
    </Suspense>
  );
}
