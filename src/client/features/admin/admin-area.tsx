import { Suspense } from "react";
import { Outlet } from "react-router";
import { AuthGate } from "../auth/auth-gate";
import { PageSpinner } from "../../ui/spinner";
import { TooltipProvider } from "../../ui/tooltip";

/** Everything under /today and /admin: the admin gate first, then the lazily loaded page. */
export function AdminArea() {
  return (
    <AuthGate requireAdmin>
      <TooltipProvider delayDuration={300}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </TooltipProvider>
    </AuthGate>
  );
}
