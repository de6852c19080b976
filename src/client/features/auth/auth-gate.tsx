import { lazy, Suspense, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { ShieldAlert } from "lucide-react";
import { useAuth } from "#client/lib/auth.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { SECOND_FACTOR_SETUP_REQUIRED } from "#common/second-factors/second-factors.ts";
import { Alert } from "#client/ui/alert.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { LoginForm } from "./login-form";
import { LogoutButton } from "./logout-button";

export type AuthGateProps = {
  /** Only roles admin and owner may see the children. */
  requireAdmin?: boolean;
  children: ReactNode;
};

/**
 * Route-level guard. It waits for the server's answer (auth.me), not the cached profile, before it
 * shows protected content. The server enforces the same rules on every call; this only picks the screen.
 * Its sign-in and Access Denied states are whole screens (with their own <main>): place the gate
 * outside any page layout, as the admin routes do.
 * It lives here rather than in lib/auth.tsx (where ARCHITECTURE.md puts it) because it renders the login
 * form: every public page imports lib/auth, and the form would then weigh on their JS budget.
 */
const SecondFactorEnrolment = lazy(() =>
  import("#client/features/account/second-factor-enrolment.tsx").then((m) => ({ default: m.SecondFactorEnrolment })),
);

export function AuthGate({ requireAdmin = false, children }: AuthGateProps) {
  const { status, user, isAdmin, secondFactorSetupRequired } = useAuth();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
  if (status === "anonymous" || !user) {
    return (
      <GateFrame>
        <LoginForm title="Sign In" description="Sign in to continue." onSuccess={() => window.location.reload()} />
      </GateFrame>
    );
  }
  if (requireAdmin && !isAdmin) return <AccessDenied role={user.role} email={user.email} />;
  if (requireAdmin && secondFactorSetupRequired) return <SecondFactorSetup />;
  return <>{children}</>;
}

/**
 * ADMIN_2FA=required and this admin has no second factor: the back office shows only the enrolment (its
 * procedures refuse anything else on the server) until a passkey or two-factor codes are added.
 */
function SecondFactorSetup() {
  return (
    <GateFrame>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight">Protect your admin account</h1>
        <Alert variant="warning">{SECOND_FACTOR_SETUP_REQUIRED}</Alert>
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <SecondFactorEnrolment />
        </Suspense>
        <LogoutButton redirectTo={null} size="md" className="self-start" />
      </div>
    </GateFrame>
  );
}

function AccessDenied({ role, email }: { role: string; email: string }) {
  const navigate = useNavigate();

  return (
    <GateFrame>
      <div className="px-4">
        <Card className="mx-auto my-10 w-full max-w-md sm:my-16">
          <CardHeader className="items-start">
            <span aria-hidden="true" className="mb-2 flex size-11 items-center justify-center rounded-full bg-red-50 text-red-700">
              <ShieldAlert className="size-5" />
            </span>
            {/* One element reads the whole text: "Access Denied - You need admin privileges to access this page." */}
            <CardTitle as="h1" className="text-2xl">
              Access Denied
              <span className="sr-only"> - </span>
              <span className="mt-1.5 block text-base font-normal tracking-normal text-ink-muted">
                You need admin privileges to access this page.
              </span>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-control bg-sunken p-4 text-sm">
              <dt className="font-medium text-ink-muted">Current role</dt>
              <dd className="font-semibold break-all">{role}</dd>
              <dt className="font-medium text-ink-muted">Email</dt>
              <dd className="font-semibold break-all">{email}</dd>
            </dl>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="secondary" className="sm:flex-1" onClick={() => void navigate("/")}>
                Go Home
              </Button>
              <LogoutButton redirectTo={null} size="md" className="sm:flex-1" />
            </div>
          </CardContent>
        </Card>
      </div>
    </GateFrame>
  );
}

/** A bare frame with the brand link, so a visitor stopped by the gate can still find their way home. */
function GateFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col">
      <div className="border-b border-line bg-surface">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
          <Link to="/" className="focus-ring rounded-sm text-base font-bold tracking-tight text-ink">
            The $100 Lab
          </Link>
        </div>
      </div>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
