import { lazy, type ReactNode } from "react";
import {
  BACK_OFFICE_PAGES,
  MEMBER_PAGES,
  PUBLIC_PAGES,
  type BackOfficePageName,
  type MemberPageName,
  type PublicPageName,
} from "../common/page-routes";
import type { MemberPageHandle } from "./features/member/member-page";
import { AnalyticsRouteTracker } from "./lib/analytics";
import { Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { PageSpinner } from "./ui/spinner";
import { LandingPage } from "./features/landing/landing-page";
import { NotFoundPage } from "./features/site/not-found-page";
import { PublicLayout } from "./features/site/public-layout";
import { RouteErrorPage } from "./features/site/route-error-page";
import { buildersLoader } from "./features/builders/builders-loader";
import { sharedImageLoader } from "./features/images/shared-image-loader";
import { experimentLoader } from "./features/lab/experiment-loader";

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

const TodayPage = lazy(() => import("./features/today/today-page").then((m) => ({ default: m.TodayPage })));
const AdminShell = lazy(() => import("./features/admin/admin-shell").then((m) => ({ default: m.AdminShell })));

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
      () => import("./features/builders/builders-page"),
      (m) => m.BuildersPage,
    ),
  },
  login: {
    api: true,
    lazy: page(
      () => import("./features/auth/login-page"),
      (m) => m.LoginPage,
    ),
  },
  loginDebug: {
    api: true,
    lazy: page(
      () => import("./features/auth/login-debug-page"),
      (m) => m.LoginDebugPage,
    ),
  },
  systemLogin: {
    api: true,
    lazy: page(
      () => import("./features/auth/system-login-page"),
      (m) => m.SystemLoginPage,
    ),
  },
  signup: {
    api: true,
    lazy: page(
      () => import("./features/auth/signup-page"),
      (m) => m.SignupPage,
    ),
  },
  forgotPassword: {
    api: true,
    lazy: page(
      () => import("./features/auth/forgot-password-page"),
      (m) => m.ForgotPasswordPage,
    ),
  },
  resetPassword: {
    api: true,
    lazy: page(
      () => import("./features/auth/reset-password-page"),
      (m) => m.ResetPasswordPage,
    ),
  },
  terms: {
    lazy: page(
      () => import("./features/legal/terms-page"),
      (m) => m.TermsPage,
    ),
  },
  privacy: {
    lazy: page(
      () => import("./features/legal/privacy-page"),
      (m) => m.PrivacyPage,
    ),
  },
  unsubscribe: {
    api: true,
    lazy: page(
      () => import("./features/waitlist/unsubscribe-page"),
      (m) => m.UnsubscribePage,
    ),
  },
  sharedImage: {
    api: true,
    loader: sharedImageLoader,
    lazy: page(
      () => import("./features/images/shared-image-page"),
      (m) => m.SharedImagePage,
    ),
  },
  demo: {
    lazy: page(
      () => import("./features/trial-demo/trial-demo-page"),
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
      () => import("./features/lab/lab-page"),
      (m) => m.LabPage,
    ),
    handle: { title: "The Lab", subtitle: "Experiments in progress" },
  },
  experiment: {
    loader: experimentLoader,
    lazy: page(
      () => import("./features/lab/experiment-route"),
      (m) => m.ExperimentRoute,
    ),
    handle: { title: "The Lab", subtitle: "", openToVisitors: true, ownHeading: true },
  },
  playbook: {
    lazy: page(
      () => import("./features/playbook/playbook-page"),
      (m) => m.PlaybookPage,
    ),
    handle: { title: "Playbook", subtitle: "Chapters and checklists for your next $100 experiment" },
  },
  playbookChapter: {
    lazy: page(
      () => import("./features/playbook/playbook-member-routes"),
      (m) => m.PlaybookChapterRoute,
    ),
    handle: { title: "Playbook", subtitle: "Read it, then act on it" },
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
          () => import("./lib/api-layout"),
          (m) => m.ApiLayout,
        ),
        children: [
          { element: <PublicLayout />, children: pageRoutes(true) },
          {
            lazy: page(
              () => import("./features/member/member-area"),
              (m) => m.MemberArea,
            ),
            children: entries(MEMBER_PAGES).map(([name, path]) => ({ path, ...memberPages[name] })),
          },
          {
            lazy: page(
              () => import("./features/admin/admin-area"),
              (m) => m.AdminArea,
            ),
            children: entries(BACK_OFFICE_PAGES).map(([name, path]) => ({ path, element: backOfficePages[name] })),
          },
        ],
      },
    ],
  },
];
