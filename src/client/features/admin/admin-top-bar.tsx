import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { LogOut } from "lucide-react";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/errors";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast";
import { BrandLink } from "../site/site-header";

/** A temporary top bar for the admin-only pages until the back-office shell arrives. */
export function AdminTopBar() {
  const navigate = useNavigate();
  const { user, logout } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    try {
      await logout();
      void navigate("/", { replace: true });
    } catch (cause) {
      toast({
        variant: "error",
        title: "Could not log out",
        description: errorMessage(cause, { fallback: "Logout failed", network: "Network error. Please try again." }),
      });
      setPending(false);
    }
  };

  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        <div className="flex min-w-0 items-center gap-3">
          {user ? (
            <p className="hidden min-w-0 truncate text-sm text-ink-muted sm:block">
              {user.name || user.email} · <span className="font-medium text-ink">{user.role}</span>
            </p>
          ) : null}
          <Button variant="outline" size="sm" loading={pending} onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
