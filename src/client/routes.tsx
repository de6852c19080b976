import { lazy, type ReactNode } from "react";
import {
  BACK_OFFICE_PAGES,
  MEMBER_PAGES,
  PUBLIC_PAGES,
  type BackOfficePageName,
  type MemberPageName,
  type PublicPageName,
} from "#common/pages/page-routes.ts";
import type { MemberPageHandle } from "#client/features/member/member-page.ts";
import { AnalyticsRouteTracker } from "#client/lib/analytics.ts";
import { Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { LandingPage } from "#client/features/landing/landing-page.tsx";
import { NotFoundPage } from "#client/features/site/not-found-page.tsx";
import { PublicLayout } from "#client/features/site/public-layout.tsx";
import { RouteErrorPage } from "#client/features/site/route-error-page.tsx";
import { buildersLoader } from "#client/features/builders/builders-loader.ts";
import { sharedImageLoader } from "#client/features/images/shared-image-loader.ts";
import { manageLoader } from "#client/features/waitlist/manage-loader.ts";
import { experimentLoader } from "#client/features/lab/experiment-loader.ts";

/*
 * Only the landing page ships in the entry chunk; every other page is its own chunk, loaded when
 * visited, so the first visit stays within the public JS budget (see scripts/report-bundle.ts).
 * Pages that call the API sit below the lazy ApiLayout (the tRPC client, the query cache, the session), so
 * the landing and legal pages load none of that. Admin pages are React.lazy components rendered *inside*
 * the admin gate, so their chunks are fetched only after the server has confirmed an admin session.
 * The same route objects render on the server (entry-server.tsx) and hydrate in the browser (main.tsx).
 */
const page =
  <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

const TodayPage = lazy(() => import("#client/features/today/today-page.tsx").then((m) => ({ default: m.TodayPage })));
const AdminShell = lazy(() => import("#client/features/admin/admin-shell.tsx").then((m) => ({ default: m.AdminShell })));

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <AnalyticsRouteTracker />
      <Outlet />
    </>
  );
}

type PageRoute = Omit<RouteObject, "path" | "index" | "children"> & {
  /** The page calls the API (tRPC or the session): it renders below the lazy ApiLayout. */
  api?: true;
};

/** What each page of common/page-routes.ts renders: the compiler holds the two lists to the same names. */
const publicPages: Record<PublicPageName, PageRoute> = {
  landing: { element: <LandingPage /> },
  builders: {
    api: true,
    loader: buildersLoader,
    lazy: page(
      async () => {
        const builders = await import("#client/features/builders/builders-page.tsx");
        await builders.loadServerRenderedParts();
        return builders;
      },
      (m) => m.BuildersPage,
    ),
  },
  login: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/login-page.tsx"),
      (m) => m.LoginPage,
    ),
  },
  loginDebug: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/login-debug-page.tsx"),
      (m) => m.LoginDebugPage,
    ),
  },
  systemLogin: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/system-login-page.tsx"),
      (m) => m.SystemLoginPage,
    ),
  },
  signup: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/signup-page.tsx"),
      (m) => m.SignupPage,
    ),
  },
  forgotPassword: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/forgot-password-page.tsx"),
      (m) => m.ForgotPasswordPage,
    ),
  },
  resetPassword: {
    api: true,
    lazy: page(
      () => import("#client/features/auth/reset-password-page.tsx"),
      (m) => m.ResetPasswordPage,
    ),
  },
  terms: {
    lazy: page(
      () => import("#client/features/legal/terms-page.tsx"),
      (m) => m.TermsPage,
    ),
  },
  privacy: {
    lazy: page(
      () => import("#client/features/legal/privacy-page.tsx"),
      (m) => m.PrivacyPage,
    ),
  },
  unsubscribe: {
    api: true,
    lazy: page(
      () => import("#client/features/waitlist/unsubscribe-page.tsx"),
      (m) => m.UnsubscribePage,
    ),
  },
  waitlistConfirm: {
    api: true,
    lazy: page(
      () => import("#client/features/waitlist/confirm-page.tsx"),
      (m) => m.ConfirmPage,
    ),
  },
  waitlistManage: {
    api: true,
    loader: manageLoader,
    lazy: page(
      () => import("#client/features/waitlist/manage-page.tsx"),
      (m) => m.ManagePage,
    ),
  },
  sharedImage: {
    api: true,
    loader: sharedImageLoader,
    lazy: page(
      () => import("#client/features/images/shared-image-page.tsx"),
      (m) => m.SharedImagePage,
    ),
  },
  demo: {
    lazy: page(
      () => import("#client/features/trial-demo/trial-demo-page.tsx"),
      (m) => m.TrialDemoPage,
    ),
  },
};

/**
 * The member area's pages (features/member/member-area.tsx: the sign-in gate, the member header). One entry per
 * page: its chunk, and its handle (title and subtitle shown by the layout, openToVisitors for public pages).
 */
const memberPages: Record<MemberPageName, Pick<RouteObject, "lazy" | "loader"> & { handle: MemberPageHandle }> = {
  lab: {
    lazy: page(
      () => import("#client/features/lab/lab-page.tsx"),
      (m) => m.LabPage,
    ),
    handle: { title: "The Lab", subtitle: "Experiments in progress" },
  },
  experiment: {
    loader: experimentLoader,
    lazy: page(
      () => import("#client/features/lab/experiment-route.tsx"),
      (m) => m.ExperimentRoute,
    ),
    handle: { title: "The Lab", subtitle: "", openToVisitors: true, ownHeading: true },
  },
  playbook: {
    lazy: page(
      () => import("#client/features/playbook/playbook-page.tsx"),
      (m) => m.PlaybookPage,
    ),
    handle: { title: "Playbook", subtitle: "Chapters and checklists for your next $100 experiment" },
  },
  playbookChapter: {
    lazy: page(
      () => import("#client/features/playbook/playbook-member-routes.tsx"),
      (m) => m.PlaybookChapterRoute,
    ),
    handle: { title: "Playbook", subtitle: "Read it, then act on it" },
  },
  account: {
    lazy: page(
      () => import("#client/features/account/account-page.tsx"),
      (m) => m.AccountPage,
    ),
    handle: { title: "Your account", subtitle: "Profile, sign-in security, sessions and your data", narrow: true },
  },
};

const backOfficePages: Record<BackOfficePageName, ReactNode> = {
  today: <TodayPage />,
  // The shell routes its pages itself (features/admin/admin-routes.tsx, one line each), so the
  // list stays out of the public entry chunk.
  admin: <AdminShell />,
};

const entries = <Name extends string>(paths: Record<Name, string>) => Object.entries(paths) as Array<[Name, string]>;
const pageRoutes = (api: boolean): RouteObject[] =>
  entries(PUBLIC_PAGES)
    .filter(([name]) => Boolean(publicPages[name].api) === api)
    .map(([name, path]) => {
      const { api: _api, ...route } = publicPages[name];
      return { path, ...route };
    });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...pageRoutes(false),
          // Also what the server sends, with status 404, for any path that is not a page.
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        lazy: page(
          () => import("#client/lib/api-layout.tsx"),
          (m) => m.ApiLayout,
        ),
        children: [
          { element: <PublicLayout />, children: pageRoutes(true) },
          {
            lazy: page(
              () => import("#client/features/member/member-area.tsx"),
              (m) => m.MemberArea,
            ),
            children: entries(MEMBER_PAGES).map(([name, path]) => ({ path, ...memberPages[name] })),
          },
          {
            lazy: page(
              () => import("#client/features/admin/admin-area.tsx"),
              (m) => m.AdminArea,
            ),
            children: entries(BACK_OFFICE_PAGES).map(([name, path]) => ({ path, element: backOfficePages[name] })),
          },
        ],
      },
    ],
  },
];
