import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { LucideIcon } from "lucide-react";
import {
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
  Megaphone,
  Palette,
  Search,
  UserCog,
  Users,
  Vault,
} from "lucide-react";

/*
 * The back office's pages: ONE line per page, in the sidebar's order. The admin shell (itself loaded only inside
 * the admin gate) routes /admin/* with this list and the sidebar lists it (admin-nav.ts); each page is its own
 * chunk, fetched on first visit. A page's line:
 *
 *   { path: "waitlist", title: "Waitlist", subtitle: "...", icon: ClipboardList, section: "administration",
 *     page: lazyPage(() => import("../waitlist/waitlist-admin-page"), (m) => m.WaitlistAdminPage) },
 *
 * The shell shows the title as the page's <h1> and the subtitle under it, and sets the document title; the
 * sidebar shows the title and the icon under its section. A page renders its content only (no <h1>, no <title>,
 * no outer padding).
 */

type AdminPage = LazyExoticComponent<ComponentType>;

/** A page component loaded on first visit: `lazyPage(() => import("./file"), (m) => m.ExportedPage)`. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): AdminPage {
  return lazy(async () => ({ default: pick(await load()) }));
}

const NotFound = lazyPage(
  () => import("./admin-not-found-page"),
  (m) => m.AdminNotFoundPage,
);

export type AdminSectionId = "overview" | "administration" | "experiments" | "content";

export type AdminRouteMeta = { title: string; subtitle: string };
export type AdminRoute = AdminRouteMeta & {
  /** Below /admin: one segment; "" is the dashboard. Deeper paths (/admin/waitlist/42) open the same page. */
  path: string;
  page: AdminPage;
};
export type AdminPageEntry = AdminRoute & {
  icon: LucideIcon;
  /** The sidebar group that links to the page; a page without one is reached from the dashboard's Quick Actions. */
  section?: AdminSectionId;
};

export const ADMIN_ROUTES = [
  {
    path: "",
    title: "Dashboard",
    subtitle: "Your site at a glance",
    icon: LayoutDashboard,
    section: "overview",
    page: lazyPage(
      () => import("./admin-dashboard-page"),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: "waitlist",
    title: "Waitlist",
    subtitle: "Everyone waiting for launch",
    icon: ClipboardList,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/waitlist/admin/waitlist-admin-page.tsx"),
      (m) => m.WaitlistAdminPage,
    ),
  },
  {
    path: "users",
    title: "Users",
    subtitle: "Accounts, roles and sign-ins",
    icon: UserCog,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/users/users-admin-page.tsx"),
      (m) => m.UsersAdminPage,
    ),
  },
  {
    path: "builders",
    title: "Builders",
    subtitle: "Review, approve and verify community profiles",
    icon: Users,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/builders/admin/builders-admin-page.tsx"),
      (m) => m.BuildersAdminPage,
    ),
  },
  {
    path: "analytics",
    title: "Analytics",
    subtitle: "Visitors, pages, places and devices",
    icon: ChartColumn,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/analytics/analytics-dashboard-page.tsx"),
      (m) => m.AnalyticsDashboardPage,
    ),
  },
  {
    path: "seo-setup",
    title: "SEO Setup",
    subtitle: "Five steps to get the site found",
    icon: Search,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/seo/seo-setup-page.tsx"),
      (m) => m.SeoSetupPage,
    ),
  },
  {
    path: "site-assets",
    title: "Site Assets CMS",
    subtitle: "Social image, favicon and meta tags",
    icon: Palette,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/site-assets/site-assets-page.tsx"),
      (m) => m.SiteAssetsPage,
    ),
  },
  {
    path: "email-templates",
    title: "Email Templates",
    subtitle: "The emails the site sends",
    icon: Mail,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/email-templates/email-templates-page.tsx"),
      (m) => m.EmailTemplatesPage,
    ),
  },
  {
    path: "backup",
    title: "Backup Data",
    subtitle: "Back up and restore the site's data",
    icon: DatabaseBackup,
    section: "administration",
    page: lazyPage(
      () => import("#client/features/backup/backup-page.tsx"),
      (m) => m.BackupPage,
    ),
  },
  {
    path: "lab",
    title: "The Lab",
    subtitle: "Experiments in progress",
    icon: FlaskConical,
    section: "experiments",
    page: lazyPage(
      () => import("#client/features/lab/lab-admin-page.tsx"),
      (m) => m.LabAdminPage,
    ),
  },
  {
    path: "trial-demo",
    title: "Trial Demo",
    subtitle: "A walk-through of the trial",
    icon: CirclePlay,
    section: "experiments",
    page: lazyPage(
      () => import("#client/features/trial-demo/trial-demo-page.tsx"),
      (m) => m.TrialDemoAdminPage,
    ),
  },
  {
    path: "image-test",
    title: "Image Test",
    subtitle: "Try the image drop widget's five features",
    icon: ImagePlay,
    section: "experiments",
    page: lazyPage(
      () => import("#client/features/image-test/image-test-page.tsx"),
      (m) => m.ImageTestPage,
    ),
  },
  {
    path: "email-test",
    title: "Email Test",
    subtitle: "Send and receive test emails",
    icon: MailCheck,
    section: "experiments",
    page: lazyPage(
      () => import("#client/features/email-test/email-test-page.tsx"),
      (m) => m.EmailTestPage,
    ),
  },
  {
    path: "vault-demo",
    title: "Vault Demo",
    subtitle: "A credential vault, with sample data",
    icon: Vault,
    section: "experiments",
    page: lazyPage(
      () => import("#client/features/vault-demo/vault-demo-page.tsx"),
      (m) => m.VaultDemoPage,
    ),
  },
  {
    path: "playbook",
    title: "Playbook",
    subtitle: "Chapters and checklists",
    icon: BookOpen,
    section: "content",
    page: lazyPage(
      () => import("#client/features/playbook/playbook-admin-entry.tsx"),
      (m) => m.PlaybookAdminEntry,
    ),
  },
  {
    path: "bangers",
    title: "Content Bangers",
    subtitle: "Drafts of threads, posts and chapters",
    icon: Flame,
    section: "content",
    page: lazyPage(
      () => import("#client/features/bangers/bangers-page.tsx"),
      (m) => m.BangersPage,
    ),
  },
  {
    path: "brand-voice",
    title: "Brand Voice",
    subtitle: "Tweets in the product's own voice",
    icon: Megaphone,
    page: lazyPage(
      () => import("#client/features/brand-voice/brand-voice-page.tsx"),
      (m) => m.BrandVoicePage,
    ),
  },
] as const satisfies readonly AdminPageEntry[];

/** A back-office page's path below /admin, as the pages list names it. */
export type AdminPagePath = (typeof ADMIN_ROUTES)[number]["path"];

const NOT_FOUND: AdminRoute = {
  path: "*",
  title: "Page not found",
  subtitle: "This address is not part of the back office",
  page: NotFound,
};

/**
 * The page for a path below /admin ("", "seo-setup", "waitlist/42"), matched on its first segment.
 * The shell renders it directly: a plain lookup instead of react-router's <Routes>, whose code would
 * otherwise join the router chunk that every public visitor downloads.
 */
export function findAdminRoute(subPath: string): AdminRoute {
  const segment = subPath.replace(/^\/+|\/+$/g, "").split("/")[0] ?? "";
  return ADMIN_ROUTES.find((route) => route.path === segment) ?? NOT_FOUND;
}
