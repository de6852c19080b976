import { Outlet } from "react-router";
import { AuthProvider } from "./auth";
import { TrpcProvider } from "./trpc";

/**
 * The tRPC client, the query cache and the session, for the routes below it (sign-in pages, the builders'
 * forms, the admin area). A lazy route of its own, so the landing and legal pages load none of it.
 */
export function ApiLayout() {
  return (
    <TrpcProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </TrpcProvider>
  );
}
