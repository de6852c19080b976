import { Link } from "react-router";
import { ChevronDown, Home, LayoutDashboard, UserRoundCog } from "lucide-react";
import { ACCOUNT_PATH } from "#common/account/account.ts";
import type { SessionUser } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { initialOf } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/ui/dropdown-menu.tsx";

const displayNameOf = (user: SessionUser) => user.name.trim() || user.email;

/** The signed-in member's avatar; opens who they are and where else they can go. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { isAdmin } = useAuth();
  const displayName = displayNameOf(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${displayName}`}
        className="focus-ring flex items-center gap-2 rounded-control px-1.5 py-1 hover:bg-sunken"
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-400 text-sm font-bold text-ink ring-2 ring-brand-100"
        >
          {initialOf(displayName)}
        </span>
        <span className="hidden max-w-[12rem] truncate text-sm font-semibold text-ink md:block">{displayName}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1 text-ink">
          <span className="truncate text-sm font-semibold">{displayName}</span>
          <span className="truncate font-normal text-ink-muted">{user.email}</span>
          <Badge variant="brand" className="mt-1 self-start px-2 py-0 capitalize">
            {user.role}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ACCOUNT_PATH}>
            <UserRoundCog aria-hidden="true" />
            Your account
          </Link>
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              Back office
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/">
            <Home aria-hidden="true" />
            Home page
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
