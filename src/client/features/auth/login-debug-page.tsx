import { useState } from "react";
import { useNavigate } from "react-router";
import { Bug } from "lucide-react";
import { USER_STORAGE_KEY, useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";

/**
 * Auth-state panel for diagnosing sign-in problems. Shown to administrators, and to anyone while
 * running the development server; everyone else gets "Not available". It shows only what the
 * browser already holds (the non-secret profile), never a token or a way around the login.
 */
export function LoginDebugPage() {
  const { status, isAdmin } = useAuth();
  const allowed = isAdmin || import.meta.env.DEV;

  let content;
  if (status === "loading" && !import.meta.env.DEV) content = <PageSpinner />;
  else if (!allowed) content = <NotAvailable />;
  else content = <DebugPanel />;

  return (
    <>
      <title>Auth debug · The $100 Lab</title>
      <meta name="robots" content="noindex" />
      {content}
    </>
  );
}

function NotAvailable() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Not available</h1>
      <p className="mt-2 text-ink-muted">This page is not available.</p>
    </div>
  );
}

function yesNo(value: boolean) {
  return value ? <Badge variant="success">yes</Badge> : <Badge variant="neutral">no</Badge>;
}

function DebugPanel() {
  const navigate = useNavigate();
  const { status, isLoading, isAuthenticated, isAdmin, user, logout } = useAuth();
  const [stored, setStored] = useState<string | null | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const checkStorage = () => {
    try {
      setStored(window.localStorage.getItem(USER_STORAGE_KEY));
    } catch {
      setStored("(browser storage is not accessible)");
    }
  };

  const signOut = async () => {
    setPending(true);
    setMessage(null);
    try {
      await logout();
      setMessage({ kind: "success", text: "Signed out." });
    } catch (cause) {
      setMessage({
        kind: "error",
        text: errorMessage(cause, { fallback: "Logout failed", network: "Network error. Please try again." }),
      });
    }
    setPending(false);
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <header className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-900">
          <Bug className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Auth debug</h1>
          <p className="text-sm text-ink-muted">
            What this browser knows about the session.
            {import.meta.env.DEV ? " Visible to everyone on the development server." : null}
          </p>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Auth state</CardTitle>
          <CardDescription>Status: {status}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="font-medium text-ink-muted">Loading</dt>
            <dd>{yesNo(isLoading)}</dd>
            <dt className="font-medium text-ink-muted">Authenticated</dt>
            <dd>{yesNo(isAuthenticated)}</dd>
            <dt className="font-medium text-ink-muted">Admin</dt>
            <dd>{yesNo(isAdmin)}</dd>
            <dt className="font-medium text-ink-muted">User</dt>
            <dd className="min-w-0">
              {user ? (
                <pre className="overflow-x-auto rounded-control bg-sunken p-3 font-mono text-xs">{JSON.stringify(user, null, 2)}</pre>
              ) : (
                <span className="text-ink-muted">none</span>
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Actions</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void navigate("/login?callback=%2Flogin%2Fdebug")}>
              Test login
            </Button>
            <Button variant="outline" onClick={checkStorage}>
              Check storage
            </Button>
            <Button variant="outline" loading={pending} disabled={!isAuthenticated} onClick={() => void signOut()}>
              Logout
            </Button>
          </div>
          {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
          {stored !== undefined ? (
            <div className="flex flex-col gap-2" role="status">
              <p className="text-sm font-medium">
                localStorage[<code className="font-mono">{JSON.stringify(USER_STORAGE_KEY)}</code>]
              </p>
              <pre className="overflow-x-auto rounded-control bg-sunken p-3 font-mono text-xs break-all whitespace-pre-wrap">
                {stored ?? "(empty)"}
              </pre>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
