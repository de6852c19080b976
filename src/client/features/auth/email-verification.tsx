import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { EMAIL_VERIFIED_TEXT, EMAIL_VERIFY_INVALID_TEXT } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";

/**
 * "Resend link": a new confirmation link for the signed-in user (auth.resendVerification, rate limited on the
 * server). Says what the server answered, or why it refused.
 */
export function ResendVerificationButton({ className }: { className?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onClick = async () => {
    setOutcome(null);
    try {
      const result = await resend.mutateAsync();
      setOutcome({ ok: true, text: result.message });
      // Confirmed meanwhile (another tab, another device): the notice goes away.
      if (result.emailVerified) void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
    } catch (error) {
      setOutcome({
        ok: false,
        text: errorMessage(error, { fallback: "Could not send a new link", network: "Network error. Please try again." }),
      });
    }
  };

  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-3 gap-y-1", className)}>
      <Button type="button" variant="outline" size="sm" loading={resend.isPending} onClick={() => void onClick()}>
        Resend link
      </Button>
      {outcome ? (
        <span role={outcome.ok ? "status" : "alert"} className={cn("text-sm", outcome.ok ? "text-ink-muted" : "text-red-700")}>
          {outcome.text}
        </span>
      ) : null}
    </span>
  );
}

/** For a signed-in user whose address is not confirmed yet: what to do, and the resend button. */
export function UnverifiedEmailNotice({ className }: { className?: string }) {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user || user.emailVerified) return null;
  return (
    <Alert variant="warning" className={className}>
      <p>
        Please confirm your email address: open the link we sent to <strong className="break-all">{user.email}</strong>. Until then,
        profiles that use this address (such as a builder profile) cannot be edited.
      </p>
      <ResendVerificationButton className="mt-2" />
    </Alert>
  );
}

/**
 * What opening a confirmation link did (GET /verify-email redirects here with `?verified=1` or `?verify=invalid`).
 * Read from the URL, so the server-rendered page shows it too.
 */
export function VerifyLinkOutcome() {
  const [params] = useSearchParams();
  const { user, isAuthenticated } = useAuth();
  if (params.get("verified") === "1") return <Alert variant="success">{EMAIL_VERIFIED_TEXT}</Alert>;
  if (params.get("verify") !== "invalid") return null;
  // Only the server's answer counts (never the cached profile): the server renders this signed out, and the
  // first render in the browser must match it.
  const signedIn = isAuthenticated ? user : null;
  let next = "Sign in, then ask for a new link.";
  if (signedIn) next = signedIn.emailVerified ? "Your address is already confirmed." : "Ask for a new link with Resend link below.";
  return (
    <Alert variant="error" role="status">
      <p>{EMAIL_VERIFY_INVALID_TEXT}</p>
      <p>{next}</p>
    </Alert>
  );
}
