import { lazy } from "react";
import { AnalyticsRouteTracker } from "./lib/analytics";
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from "react-router-dom";
import { PageSpinner } from "./ui/spinner";
import { LandingPage } from "./features/landing/landing-page";
import { NotFoundPage } from "./features/site/not-found-page";
import { PublicLayout } from "./features/site/public-layout";
import { RouteErrorPage } from "./features/site/route-error-page";

/*
 * Only the landing page ships in the entry chunk; every other page is its own chunk, loaded when
 * visited, so the first visit stays within the public JS budget (see scripts/report-bundle.ts).
 * Admin pages are React.lazy components rendered *inside* the admin gate, so their chunks are fetched
 * only after the server has confirmed an admin session.
 */
const page = <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) => async () => ({
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: "builders", lazy: page(() => import("./features/builders/builders-page"), (m) => m.BuildersPage) },
          { path: "login", lazy: page(() => import("./features/auth/login-page"), (m) => m.LoginPage) },
          { path: "login/debug", lazy: page(() => import("./features/auth/login-debug-page"), (m) => m.LoginDebugPage) },
          { path: "system/admin", lazy: page(() => import("./features/auth/system-login-page"), (m) => m.SystemLoginPage) },
          { path: "signup", lazy: page(() => import("./features/auth/signup-page"), (m) => m.SignupPage) },
          { path: "forgot-password", lazy: page(() => import("./features/auth/forgot-password-page"), (m) => m.ForgotPasswordPage) },
          { path: "reset-password", lazy: page(() => import("./features/auth/reset-password-page"), (m) => m.ResetPasswordPage) },
          { path: "terms", lazy: page(() => import("./features/legal/terms-page"), (m) => m.TermsPage) },
          { path: "privacy", lazy: page(() => import("./features/legal/privacy-page"), (m) => m.PrivacyPage) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        lazy: page(() => import("./features/admin/admin-area"), (m) => m.AdminArea),
        children: [
          { path: "today", element: <TodayPage /> },
          // The shell routes its pages itself (features/admin/admin-routes.tsx, one line each), so the
          // list stays out of the public entry chunk.
          { path: "admin/*", element: <AdminShell /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
