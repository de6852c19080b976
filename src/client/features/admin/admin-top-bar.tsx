import { useAuth } from "#client/lib/auth.tsx";
import { LogoutButton } from "#client/features/auth/logout-button.tsx";
import { BrandLink } from "#client/features/site/site-header.tsx";

/** A temporary top bar for the admin-only pages until the back-office shell arrives. */
export function AdminTopBar() {
  const { user } = useAuth();

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
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
