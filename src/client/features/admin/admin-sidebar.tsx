import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDown, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { cn } from "#client/ui/cn.ts";
import { Tooltip } from "#client/ui/tooltip.tsx";
import { ADMIN_NAV, DEFAULT_OPEN_SECTIONS, type AdminNavItem, type AdminNavSection } from "./admin-nav";

/*
 * The sidebar is dark (ink) to set the back office apart from the public site, with the brand's yellow
 * for the current page. Contrast on ink: stone-300 text 12:1, stone-400 section labels 7.4:1, and the
 * focus outline is the brand yellow (the design system's ink outline would not show here).
 */
const focusOnDark = "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

type SidebarProps = {
  /** Icons only (64 px). */
  collapsed: boolean;
  /** Shown at the bottom of the desktop sidebar; the phone drawer has none. */
  onToggleCollapsed?: () => void;
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
};

function isActive(item: AdminNavItem, pathname: string): boolean {
  if (item.to === "/") return false;
  return item.end ? pathname === item.to || pathname === `${item.to}/` : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

export function AdminSidebarContent({ collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const activeSection = ADMIN_NAV.find((section) => section.items.some((item) => isActive(item, pathname)))?.id;
  // What the person opened or closed; otherwise the default, and the group of the current page is open.
  const [overrides, setOverrides] = useState<Partial<Record<AdminNavSection["id"], boolean>>>({});
  const isOpen = (id: AdminNavSection["id"]) => overrides[id] ?? (DEFAULT_OPEN_SECTIONS.has(id) || id === activeSection);

  return (
    <div className="flex h-full flex-col bg-ink text-stone-300">
      <div className={cn("flex h-16 shrink-0 items-center border-b border-white/10", collapsed ? "justify-center px-2" : "px-5")}>
        <Link to="/admin" onClick={onNavigate} className={cn("flex min-w-0 items-center gap-2.5 rounded-md text-white", focusOnDark)}>
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-400 text-sm font-black text-ink"
          >
            $
          </span>
          <span className={cn("flex min-w-0 flex-col leading-tight", collapsed && "sr-only")}>
            <span className="truncate text-sm font-bold tracking-tight">The $100 Lab</span>
            <span className="text-xs font-medium text-stone-400">Back office</span>
          </span>
        </Link>
      </div>

      <nav aria-label="Back office" className={cn("flex-1 overflow-x-hidden overflow-y-auto px-3", collapsed ? "py-3" : "py-4")}>
        {collapsed ? (
          <ul className="flex flex-col items-center">
            {ADMIN_NAV.map((section, index) => (
              <li key={section.id} className="flex w-full flex-col items-center">
                {index > 0 ? <span aria-hidden="true" className="my-1.5 h-px w-8 bg-white/10" /> : null}
                <span className="sr-only">{section.label}</span>
                <ul className="flex flex-col items-center gap-0.5">
                  {section.items.map((item) => (
                    <li key={item.to}>
                      <NavItem item={item} active={isActive(item, pathname)} collapsed onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="flex flex-col gap-4">
            {ADMIN_NAV.map((section) => (
              <li key={section.id}>
                <NavGroup
                  section={section}
                  open={isOpen(section.id)}
                  onOpenChange={(open) => setOverrides((current) => ({ ...current, [section.id]: open }))}
                  pathname={pathname}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        )}
      </nav>

      {onToggleCollapsed ? (
        <div className={cn("shrink-0 border-t border-white/10 p-3", collapsed && "flex justify-center")}>
          <CollapseButton collapsed={collapsed} onClick={onToggleCollapsed} />
        </div>
      ) : null}
    </div>
  );
}

function CollapseButton({ collapsed, onClick }: { collapsed: boolean; onClick: () => void }) {
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const label = collapsed ? "Expand sidebar" : "Collapse sidebar";
  const button = (
    <button
      type="button"
      onClick={onClick}
      aria-label={collapsed ? label : undefined}
      aria-expanded={!collapsed}
      aria-controls="admin-sidebar"
      className={cn(
        "flex h-10 items-center gap-3 rounded-control text-sm font-medium text-stone-400 hover:bg-white/5 hover:text-white",
        collapsed ? "w-10 justify-center" : "w-full px-3",
        focusOnDark,
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {collapsed ? null : label}
    </button>
  );
  return collapsed ? (
    <Tooltip content={label} side="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

type NavGroupProps = {
  section: AdminNavSection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  onNavigate?: () => void;
};

/** A disclosure: the section name is a button (aria-expanded) that shows or hides its links. */
function NavGroup({ section, open, onOpenChange, pathname, onNavigate }: NavGroupProps) {
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
        className={cn(
          "flex h-8 w-full items-center justify-between rounded-md px-3 text-xs font-semibold tracking-wider text-stone-400 uppercase hover:text-white",
          focusOnDark,
        )}
      >
        {section.label}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open ? "rotate-0" : "-rotate-90")} />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 flex flex-col gap-0.5">
        {section.items.map((item) => (
          <li key={item.to}>
            <NavItem item={item} active={isActive(item, pathname)} collapsed={false} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

function NavItem({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: AdminNavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      aria-label={collapsed ? item.label : undefined}
      className={cn(
        "group relative flex items-center gap-3 rounded-control text-sm font-medium transition-colors",
        collapsed ? "size-10 justify-center" : "h-10 px-3",
        active ? "bg-white/10 text-white" : "text-stone-300 hover:bg-white/5 hover:text-white",
        focusOnDark,
      )}
    >
      {active ? <span aria-hidden="true" className="absolute top-2 bottom-2 -left-3 w-1 rounded-r-full bg-brand-400" /> : null}
      <Icon
        aria-hidden="true"
        className={cn("size-[1.125rem] shrink-0", active ? "text-brand-400" : "text-stone-400 group-hover:text-stone-200")}
      />
      {collapsed ? null : <span className="truncate">{item.label}</span>}
    </Link>
  );
  return collapsed ? (
    <Tooltip content={item.label} side="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
