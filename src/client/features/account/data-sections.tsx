import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, KeyRound, Trash2 } from "lucide-react";
import { accountDeleteInput } from "#common/account/input.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { validate } from "#client/lib/validation.ts";
import { authenticateWithPasskey, isCancelledCeremony } from "#client/lib/webauthn.ts";
import { Alert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { PasswordInput } from "#client/ui/password-input.tsx";
import { toast } from "#client/ui/toast.tsx";
import { AccountSection } from "./account-section";

const TEXTS = { fallback: "Something went wrong. Please try again.", network: "Network error. Please try again." };

/** Everything the account owns as one JSON file, fetched fresh and saved by the browser. */
export function ExportSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const data = await queryClient.fetchQuery({ ...trpc.account.export.queryOptions(), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `the-100-dollar-lab-account-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      // The click has handed the file to the browser; the address is not needed after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toast({ variant: "error", title: "Could not prepare your data", description: errorMessage(error, TEXTS) });
    } finally {
      setPending(false);
    }
  };

  return (
    <AccountSection
      id="export"
      title="Your data"
      description="A JSON file with your profile, your builder profile, experiments and their updates, image records with links to the files, checklist ticks, ratings and sessions."
    >
      <Button variant="outline" onClick={() => void download()} loading={pending}>
        <Download aria-hidden="true" />
        Download my data
      </Button>
    </AccountSection>
  );
}

/**
 * Deletes the account for good, proven by the password or, when the account has one, a passkey (the browser asks
 * for it once the deletion is confirmed), and confirmed once more.
 */
export function DeleteAccountSection() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  const passkeyOptions = useMutation(trpc.account.deletePasskeyOptions.mutationOptions());
  const hasPasskey = (useQuery(trpc.passkeys.list.queryOptions()).data?.length ?? 0) > 0;
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"password" | "passkey" | null>(null);

  const ask = () => {
    setFailure(null);
    const checked = validate(accountDeleteInput, { password });
    if (!checked.ok) return setFieldError(checked.fieldErrors.password ?? checked.firstMessage);
    setConfirming("password");
  };

  const erase = async () => {
    try {
      const proof =
        confirming === "passkey" ? { passkey: await authenticateWithPasskey(await passkeyOptions.mutateAsync()) } : { password };
      await remove.mutateAsync(proof);
    } catch (error) {
      setFailure(isCancelledCeremony(error) ? null : errorMessage(error, TEXTS));
      setConfirming(null);
      return;
    }
    toast({
      variant: "success",
      title: "Your account is deleted",
      description: "Everything it held is gone. Thank you for trying the Lab.",
    });
    await navigate("/");
    await refresh();
  };

  return (
    <AccountSection
      id="delete-account"
      tone="danger"
      title="Delete account"
      description="Erases your account, sessions, experiments with their updates, images and their files, checklist ticks, ratings and your builder profile. This cannot be undone."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        {/* The passkey way sits beside the password field: either one proves the account. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Your password" error={fieldError} className="sm:w-96">
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
            />
          </Field>
          {hasPasskey ? (
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setFailure(null);
                  setConfirming("passkey");
                }}
              >
                <KeyRound aria-hidden="true" />
                Confirm with a passkey
              </Button>
            </div>
          ) : null}
        </div>
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <div>
          <Button type="submit" variant="destructive">
            <Trash2 aria-hidden="true" />
            Delete my account
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        destructive
        title="Delete your account for good?"
        description="Your experiments, images and everything else of yours are erased at once. This cannot be undone."
        confirmLabel="Delete my account"
        onConfirm={erase}
      />
    </AccountSection>
  );
}
