import { Link, NavLink } from "react-router";
import { cn } from "#client/ui/cn.ts";

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("focus-ring flex items-center gap-2 rounded-sm text-ink", className)}>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-brand-400 text-sm font-black text-ink shadow-panel"
      >
        $
      </span>
      <span className="text-base font-bold tracking-tight sm:text-lg">The $100 Lab</span>
    </Link>
  );
}

/** The public site's top bar: home link and the Admin link (to /login). */
export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label="Main">
          <NavLink
            to="/login"
            className={({ isActive }) =>
              cn(
                "focus-ring inline-flex h-10 items-center rounded-control px-4 text-sm font-semibold text-ink hover:bg-sunken",
                isActive && "bg-sunken",
              )
            }
          >
            Admin
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
