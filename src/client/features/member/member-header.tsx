import { NavLink } from "react-router";
import { useAuth } from "#client/lib/auth.tsx";
import { cn } from "#client/ui/cn.ts";
import { LogoutButton } from "#client/features/auth/logout-button.tsx";
import { BrandLink } from "#client/features/site/site-header.tsx";
import { AccountMenu } from "./account-menu";
import { MEMBER_NAV } from "./member-nav";

/** The member area's top bar: the brand, The Lab and Playbook, the account menu and Logout. */
export function MemberHeader() {
  const { user } = useAuth();

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <BrandLink className="[&>span:last-child]:max-sm:sr-only" />
        <nav aria-label="Member area" className="flex min-w-0 flex-1 items-center gap-1 sm:ml-4">
          {MEMBER_NAV.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                cn(
                  "focus-ring inline-flex h-10 items-center gap-2 rounded-control px-3 text-sm font-semibold whitespace-nowrap text-ink-muted hover:bg-sunken hover:text-ink",
                  isActive && "bg-ink text-white hover:bg-ink hover:text-white",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 max-sm:hidden" />
              {label}
            </NavLink>
          ))}
        </nav>
        {user ? <AccountMenu user={user} /> : null}
        <LogoutButton compact />
      </div>
    </header>
  );
}
