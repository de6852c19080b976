import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { PasswordInput } from "#client/ui/password-input.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { SecuritySubsection } from "./security-subsection";

const failure = (error: unknown) => errorMessage(error, { fallback: "Something went wrong. Please try again.", network: "Network error" });

/**
 * Two-factor codes on the account page: set up with an authenticator app (a QR code the server made, or the
 * secret typed by hand) and a first code; the ten recovery codes are shown once, then only how many are left.
 * Turning codes off asks for the password and a code.
 */
export function TwoFactorSection() {
  const trpc = useTRPC();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <Spinner label="Loading" />;
  else if (status.isError)
    body = (
      <LoadFailedAlert title="Two-factor status could not be loaded" onRetry={() => void status.refetch()} retrying={status.isFetching} />
    );
  else if (status.data.enabled) body = <TurnOff recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  else body = <Enrol onConfirmed={setRecoveryCodes} />;

  return (
    <SecuritySubsection title="Two-factor codes" description="Ask for a code from an authenticator app after your password.">
      {body}
    </SecuritySubsection>
  );
}

function Enrol({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const start = useMutation(trpc.account.totpStart.mutationOptions());
  const confirm = useMutation(trpc.account.totpConfirm.mutationOptions());
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code });
      onConfirmed(recoveryCodes);
      await queryClient.invalidateQueries(trpc.twoFactor.status.pathFilter());
      // An admin held at enrolment (ADMIN_2FA=required) may now use the back office.
      await refresh();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  if (!start.data) {
    return (
      <div className="flex flex-col gap-3">
        {start.error ? <Alert variant="error">{failure(start.error)}</Alert> : null}
        <p className="text-sm text-ink-muted">Two-factor codes are off.</p>
        <Button type="button" className="self-start" loading={start.isPending} onClick={() => start.mutate()}>
          Set up two-factor codes
        </Button>
      </div>
    );
  }

  const { secret, qrSvg } = start.data;
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm">Scan this QR code with your authenticator app, or type the secret key into it.</p>
      {/* The server's SVG shown as an image: it is drawn, never run as part of this page. */}
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="QR code for your authenticator app"
        className="size-48 self-start rounded-control border border-line bg-white"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-muted">Secret key</span>
        <code data-testid="totp-secret" className="rounded-sm bg-sunken px-2 py-1 font-mono break-all">
          {secret}
        </code>
        <CopyButton text={secret} size="sm" />
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Field label="Code from the app">
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <Button type="submit" className="self-start" loading={confirm.isPending}>
        Turn on two-factor codes
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success" title="Two-factor codes are on">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-control bg-sunken p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <CopyButton text={codes.join("\n")} label="Copy codes" />
        <Button type="button" onClick={onDone}>
          I have saved these codes
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disable = useMutation(trpc.account.totpDisable.mutationOptions());
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await disable.mutateAsync({ password, code });
      setOpen(false);
      await queryClient.invalidateQueries(trpc.twoFactor.status.pathFilter());
    } catch (failed) {
      setError(failure(failed));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">Two-factor codes are on. {recoveryCodesLeft} of 10 recovery codes left.</p>
      {open ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Field label="Password">
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Field label="Code or recovery code">
            <Input name="code" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" variant="destructive" loading={disable.isPending}>
              Turn off two-factor codes
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="outline" className="self-start" onClick={() => setOpen(true)}>
          Turn off…
        </Button>
      )}
    </div>
  );
}
