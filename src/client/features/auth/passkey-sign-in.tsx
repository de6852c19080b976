import { useEffect, useRef, useState } from "react";
import { Fingerprint } from "lucide-react";
import { useMutation } from "@tanstack/react-query";
import type { SessionUser } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { authenticateWithPasskey, isCancelledCeremony as isCancelled, webauthnSupport } from "#client/lib/webauthn.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";

/**
 * "Sign in with a passkey", and the browser's autofill of passkeys in the email field (`autocomplete="username
 * webauthn"`): both ask the server for a challenge and send back what the authenticator signed. A passkey needs
 * no second factor. Usable only once scripts run, in a browser that has WebAuthn: until then the button keeps
 * its place on the page, invisible (so that it appearing moves nothing below it; an invisible button takes no
 * click nor focus), and a browser without WebAuthn drops it.
 */
export function PasskeySignIn({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const trpc = useTRPC();
  const { adoptSignedIn } = useAuth();
  const hydrated = useHydrated();
  const options = useMutation(trpc.passkeys.signInOptions.mutationOptions());
  const signIn = useMutation(trpc.passkeys.signIn.mutationOptions());
  const [supported, setSupported] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: optionsAsync } = options;
  const { mutateAsync: signInAsync } = signIn;
  // The autofill ceremony runs once per page: a parent's new callback must not restart it.
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  }, [onSuccess]);

  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    const offerInAutofill = async () => {
      // The offer starts unasked: if the browser cannot make it (a host that is not the site's passkey domain,
      // an offer dismissed), the person asked for nothing, so nothing is said and the button stays.
      const response = await optionsAsync()
        .then((options) => authenticateWithPasskey(options, true))
        .catch(() => null);
      if (!response) return;
      const { user } = await signInAsync({ response });
      if (!cancelled) onSuccessRef.current(adoptSignedIn(user));
    };
    void webauthnSupport().then((support) => {
      if (cancelled) return;
      setSupported(support.passkeys);
      if (!support.passkeys) return;
      // Conditional UI: the browser offers this site's passkeys in the email field's autofill.
      if (support.autofill) {
        offerInAutofill().catch((failure: unknown) => {
          if (!cancelled && !isCancelled(failure))
            setError(errorMessage(failure, { fallback: "Passkey sign-in failed", network: "Network error" }));
        });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [hydrated, optionsAsync, signInAsync, adoptSignedIn]);

  if (supported === false) return null;

  const click = async () => {
    setError(null);
    setBusy(true);
    try {
      const response = await authenticateWithPasskey(await optionsAsync());
      const { user } = await signInAsync({ response });
      onSuccess(adoptSignedIn(user));
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorMessage(failure, { fallback: "Passkey sign-in failed", network: "Network error" }));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className={cn("w-full", !supported && "invisible")}
        loading={busy}
        onClick={() => void click()}
      >
        <Fingerprint aria-hidden="true" />
        Sign in with a passkey
      </Button>
    </div>
  );
}
