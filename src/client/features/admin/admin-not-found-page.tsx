import { Link } from "react-router";
import { LayoutDashboard, MapPinOff } from "lucide-react";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";

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
