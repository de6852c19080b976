import { useLocation } from "react-router";
import { findAdminRoute, type AdminRoute } from "./admin-routes";

/** The current back-office page: its title, subtitle and component (admin-routes.tsx). */
export function useAdminRoute(): AdminRoute {
  const { pathname } = useLocation();
  return findAdminRoute(pathname.replace(/^\/admin(?=\/|$)/, ""));
}
