import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { UserCheck } from "lucide-react";
import { homePathOf, type SessionUser } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { Button } from "#client/ui/button.tsx";
import { AuthCard } from "./auth-card";
import { ResendVerificationButton, VerifyLinkOutcome } from "./email-verification";
import { LoginForm } from "./login-form";
import { LogoutButton } from "./logout-button";
import { useCallbackParam } from "./use-callback-param";

/** Where a user lands after signing in: the callback when valid, else /today for admins and / for members. */
export function destinationFor(user: SessionUser, callback: string | null): string {
  return callback ?? homePathOf(user.role);
}

export function LoginPage() {
  const navigate = useNavigate();
  const callback = useCallbackParam();
  const { status, user } = useAuth();
  // Once this page has signed someone in it navigates away; do not flash the "already signed in" card.
  const [justSignedIn, setJustSignedIn] = useState(false);

  const onSuccess = (signedIn: SessionUser) => {
    setJustSignedIn(true);
    void navigate(destinationFor(signedIn, callback), { replace: true });
  };

  // The form shows while the session is being checked: it is what the server renders (and the browser
  // hydrates) for everyone, and what nearly every visitor of this page wants.
  const signedIn = status === "authenticated" && user && !justSignedIn;
  const content = signedIn ? (
    <AlreadySignedIn user={user} callback={callback} />
  ) : (
    <LoginForm onSuccess={onSuccess} callback={callback} notice={<VerifyLinkOutcome />} />
  );

  return (
    <>
      <title>Sign In · The $100 Lab</title>
      {content}
    </>
  );
}

function AlreadySignedIn({ user, callback }: { user: SessionUser; callback: string | null }) {
  return (
    <AuthCard
      title="You're signed in"
      notice={<VerifyLinkOutcome />}
      description={
        <>
          Signed in as <strong className="font-semibold text-ink break-all">{user.email}</strong>.
        </>
      }
      icon={<UserCheck />}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="sm:flex-1">
            <Link to={destinationFor(user, callback)} replace>
              Continue
            </Link>
          </Button>
          <LogoutButton redirectTo={null} size="lg" className="sm:flex-1" />
        </div>
        {user.emailVerified ? null : (
          <div className="flex flex-col gap-2 text-sm text-ink-muted">
            <p>Your email address is not confirmed yet: open the link we sent you, or ask for a new one.</p>
            <ResendVerificationButton />
          </div>
        )}
      </div>
    </AuthCard>
  );
}
