import { Link } from "react-router";
import { Compass } from "lucide-react";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";

export function NotFoundPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16">
      <title>Page not found · The $100 Lab</title>
      <EmptyState
        icon={Compass}
        titleAs="h1"
        title="Page not found"
        description="The page you asked for does not exist or has moved."
        action={
          <Button asChild>
            <Link to="/">Go Home</Link>
          </Button>
        }
      />
    </div>
  );
}
