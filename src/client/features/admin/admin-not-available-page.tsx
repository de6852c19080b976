import { Link } from "react-router-dom";
import { Construction, LayoutDashboard, MapPinOff } from "lucide-react";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { useAdminRoute } from "./use-admin-route";

/**
 * Every back-office entry whose feature a later issue builds opens this page. It says so plainly and
 * shows nothing else: no sample figures, no mock-ups, no buttons that pretend to work.
 */
export function AdminNotAvailablePage() {
  const { title } = useAdminRoute();
  return (
    <EmptyState
      icon={Construction}
      titleAs="h2"
      className="py-16 sm:py-24"
      title={`${title} is not available yet`}
      description={
        <p>
          This part of the back office has not been built yet, so there is nothing to show or change here. It will
          appear in this place, working on the site&apos;s real data, when it ships.
        </p>
      }
      action={<BackToDashboard />}
    />
  );
}

/** An /admin/... address that is no page of the back office. */
export function AdminNotFoundPage() {
  return (
    <EmptyState
      icon={MapPinOff}
      titleAs="h2"
      className="py-16 sm:py-24"
      title="There is no back-office page at this address"
      description={<p>Check the address, or pick a page from the sidebar.</p>}
      action={<BackToDashboard />}
    />
  );
}

function BackToDashboard() {
  return (
    <Button asChild variant="secondary">
      <Link to="/admin">
        <LayoutDashboard aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}
