import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { accountDeleteInput } from "#common/account/input.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { validate } from "#client/lib/validation.ts";
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
      description="A JSON file with your profile, experiments and their updates, image records with links to the files, checklist ticks, ratings and sessions."
    >
      <Button variant="outline" onClick={() => void download()} loading={pending}>
        <Download aria-hidden="true" />
        Download my data
      </Button>
    </AccountSection>
  );
}

/** Deletes the account for good, proven by the password and confirmed once more. */
export function DeleteAccountSection() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    setFailure(null);
    const checked = validate(accountDeleteInput, { password });
    if (!checked.ok) return setFieldError(checked.fieldErrors.password ?? checked.firstMessage);
    setConfirming(true);
  };

  const erase = async () => {
    try {
      await remove.mutateAsync({ password });
    } catch (error) {
      setFailure(errorMessage(error, TEXTS));
      setConfirming(false);
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
      description="Erases your account, sessions, experiments with their updates, images and their files, checklist ticks and ratings. This cannot be undone."
    >
      <form
        noValidate
        className="flex flex-col gap-4 sm:max-w-sm"
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <Field label="Your password" error={fieldError}>
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
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <div>
          <Button type="submit" variant="destructive">
            <Trash2 aria-hidden="true" />
            Delete my account
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive
        title="Delete your account for good?"
        description="Your experiments, images and everything else of yours are erased at once. This cannot be undone."
        confirmLabel="Delete my account"
        onConfirm={erase}
      />
    </AccountSection>
  );
}
