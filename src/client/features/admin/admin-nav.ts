import type { LucideIcon } from "lucide-react";
import { ArrowLeft } from "lucide-react";
import { ADMIN_ROUTES, type AdminSectionId } from "./admin-routes";

export type AdminNavItem = {
  label: string;
  /** Absolute path. */
  to: string;
  icon: LucideIcon;
  /** Match the path exactly (the dashboard at /admin must not stay active on /admin/waitlist). */
  end?: boolean;
};

export type AdminNavSection = {
  id: AdminSectionId;
  label: string;
  items: AdminNavItem[];
};

/** The one link of the sidebar that leaves the back office, last in Overview. */
const BACK_TO_SITE: AdminNavItem = { label: "Back to Site", to: "/", icon: ArrowLeft, end: true };

const SECTIONS: ReadonlyArray<{ id: AdminSectionId; label: string; after?: AdminNavItem[] }> = [
  { id: "overview", label: "Overview", after: [BACK_TO_SITE] },
  { id: "administration", label: "Administration" },
  { id: "experiments", label: "Experiments" },
  { id: "content", label: "Content" },
];

/**
 * The sidebar: each section lists the back-office pages that name it (admin-routes.tsx), in that list's order.
 * A page without a section (Brand Voice) is reached from the dashboard's Quick Actions.
 */
export const ADMIN_NAV: readonly AdminNavSection[] = SECTIONS.map(({ id, label, after = [] }) => ({
  id,
  label,
  items: [
    ...ADMIN_ROUTES.filter((route) => "section" in route && route.section === id).map((route): AdminNavItem => ({
      label: route.title,
      to: route.path ? `/admin/${route.path}` : "/admin",
      icon: route.icon,
      ...(route.path ? {} : { end: true }),
    })),
    ...after,
  ],
}));

/** Administration is open by default, the other groups closed (the group of the current page opens too). */
export const DEFAULT_OPEN_SECTIONS: ReadonlySet<AdminSectionId> = new Set(["administration"]);
