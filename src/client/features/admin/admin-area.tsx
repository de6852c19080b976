import { Suspense } from "react";
import { Outlet } from "react-router";
import { AuthGate } from "#client/features/auth/auth-gate.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { TooltipProvider } from "#client/ui/tooltip.tsx";

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
