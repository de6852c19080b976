import type { LucideIcon } from "lucide-react";
import {
  ArrowLeft,
  BookOpen,
  ChartColumn,
  CirclePlay,
  ClipboardList,
  DatabaseBackup,
  FlaskConical,
  Flame,
  ImagePlay,
  LayoutDashboard,
  Mail,
  MailCheck,
  Palette,
  Search,
  Users,
  Vault,
} from "lucide-react";

export type AdminNavItem = {
  label: string;
  /** Absolute path. */
  to: string;
  icon: LucideIcon;
  /** Match the path exactly (the dashboard at /admin must not stay active on /admin/waitlist). */
  end?: boolean;
};

export type AdminNavSection = {
  id: "overview" | "administration" | "experiments" | "content";
  label: string;
  items: AdminNavItem[];
};

/** The back office's sidebar (Brand Voice is reached from the dashboard's Quick Actions). */
export const ADMIN_NAV: readonly AdminNavSection[] = [
  {
    id: "overview",
    label: "Overview",
    items: [
      { label: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
      { label: "Back to Site", to: "/", icon: ArrowLeft, end: true },
    ],
  },
  {
    id: "administration",
    label: "Administration",
    items: [
      { label: "Waitlist", to: "/admin/waitlist", icon: ClipboardList },
      { label: "Builders", to: "/admin/builders", icon: Users },
      { label: "Analytics", to: "/admin/analytics", icon: ChartColumn },
      { label: "SEO Setup", to: "/admin/seo-setup", icon: Search },
      { label: "Site Assets CMS", to: "/admin/site-assets", icon: Palette },
      { label: "Email Templates", to: "/admin/email-templates", icon: Mail },
      { label: "Backup Data", to: "/admin/backup", icon: DatabaseBackup },
    ],
  },
  {
    id: "experiments",
    label: "Experiments",
    items: [
      { label: "The Lab", to: "/admin/lab", icon: FlaskConical },
      { label: "Trial Demo", to: "/admin/trial-demo", icon: CirclePlay },
      { label: "Image Test", to: "/admin/image-test", icon: ImagePlay },
      { label: "Email Test", to: "/admin/email-test", icon: MailCheck },
      { label: "Vault Demo", to: "/admin/vault-demo", icon: Vault },
    ],
  },
  {
    id: "content",
    label: "Content",
    items: [
      { label: "Playbook", to: "/admin/playbook", icon: BookOpen },
      { label: "Content Bangers", to: "/admin/bangers", icon: Flame },
    ],
  },
];

/** Administration is open by default, the other groups closed (the group of the current page opens too). */
export const DEFAULT_OPEN_SECTIONS: ReadonlySet<AdminNavSection["id"]> = new Set(["administration"]);
