import { useNavigate } from "react-router";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { LoginForm } from "./login-form";

/**
 * The plain System Login. There is no "Quick Access" button and there are no
 * built-in credentials: an operator account is created with `npm run create-admin`.
 */
export function SystemLoginPage() {
  const navigate = useNavigate();
  return (
    <>
      <title>System Login · The $100 Lab</title>
      <LoginForm
        title="System Login"
        description="Sign in with an administrator account."
        showLinks={false}
        action={PUBLIC_PAGES.systemLogin}
        onSuccess={() => void navigate("/today", { replace: true })}
      />
    </>
  );
}
