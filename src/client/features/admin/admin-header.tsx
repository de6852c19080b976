import { Link } from "react-router";
import { Menu } from "lucide-react";
import { ACCOUNT_PATH } from "#common/account/account.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { initialOf } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { LogoutButton } from "#client/features/auth/logout-button.tsx";
import { useAdminRoute } from "./use-admin-route";

/** Page title and subtitle (the page's <h1>), the signed-in admin (a link to their account page) and Logout; the menu button on phones. */
export function AdminHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { title, subtitle } = useAdminRoute();
  const { user } = useAuth();
  const displayName = user ? user.name.trim() || user.email : "";

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label="Open menu" onClick={onOpenMenu}>
          <Menu aria-hidden="true" />
        </Button>
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 className="truncate text-lg font-bold tracking-tight text-ink sm:text-xl">{title}</h1>
          {subtitle ? <p className="hidden truncate text-sm text-ink-muted sm:block">{subtitle}</p> : null}
        </div>
        {user ? (
          <Link
            to={ACCOUNT_PATH}
            aria-label={`Your account: ${displayName}, ${user.role}`}
            className="focus-ring flex shrink-0 items-center gap-3 rounded-control px-1.5 py-1 hover:bg-sunken"
          >
            <div className="hidden min-w-0 flex-col items-end md:flex">
              <span className="max-w-[14rem] truncate text-sm font-semibold text-ink">{displayName}</span>
              <Badge variant="brand" className="mt-0.5 px-2 py-0 capitalize">
                {user.role}
              </Badge>
            </div>
            <span
              aria-hidden="true"
              title={`${displayName} (${user.role})`}
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-400 text-sm font-bold text-ink ring-2 ring-brand-100"
            >
              {initialOf(displayName)}
            </span>
          </Link>
        ) : null}
        <LogoutButton compact />
      </div>
    </header>
  );
}
