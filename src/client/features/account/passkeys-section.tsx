import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { createPasskey, isCancelledCeremony } from "#client/lib/webauthn.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { LocalDateTime } from "#client/ui/local-date-time.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { SecuritySubsection } from "./security-subsection";

const failure = (error: unknown) => errorMessage(error, { fallback: "Something went wrong. Please try again.", network: "Network error" });

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The account's passkeys: add one (the browser asks the authenticator: this device, a phone, a security key),
 * rename or remove one. A passkey signs in on its own, with no password and no code.
 */
export function PasskeysSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const list = useQuery(trpc.passkeys.list.queryOptions());
  const options = useMutation(trpc.passkeys.registrationOptions.mutationOptions());
  const register = useMutation(trpc.passkeys.register.mutationOptions());
  const [name, setName] = useState("");
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setAdding(true);
    try {
      const response = await createPasskey(await options.mutateAsync());
      await register.mutateAsync({ response, ...(name.trim() ? { name } : {}) });
      setName("");
      await queryClient.invalidateQueries(trpc.passkeys.list.pathFilter());
      // An admin held at enrolment (ADMIN_2FA=required) may now use the back office.
      await refresh();
    } catch (failed) {
      if (!isCancelledCeremony(failed)) setError(failure(failed));
    } finally {
      setAdding(false);
    }
  };

  let rows;
  if (list.isPending) rows = <Spinner label="Loading passkeys" />;
  else if (list.isError)
    rows = <LoadFailedAlert title="Passkeys could not be loaded" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.length === 0) rows = <p className="text-sm text-ink-muted">No passkeys yet.</p>;
  else
    rows = (
      <ul aria-label="Your passkeys" className="flex flex-col divide-y divide-line rounded-control border border-line">
        {list.data.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} />
        ))}
      </ul>
    );

  return (
    <SecuritySubsection title="Passkeys" description="Sign in with your fingerprint, face or screen lock instead of a password.">
      {rows}
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void add(event)} noValidate>
        <Field label="Name" optional className="sm:flex-1">
          <Input
            name="passkeyName"
            maxLength={60}
            placeholder="Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={adding}>
          Add a passkey
        </Button>
      </form>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </SecuritySubsection>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rename = useMutation(trpc.passkeys.rename.mutationOptions());
  const remove = useMutation(trpc.passkeys.delete.mutationOptions());
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries(trpc.passkeys.list.pathFilter());

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      setEditing(false);
      await reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  const removeIt = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ id: passkey.id });
      await reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  return (
    <li className="flex flex-col gap-2 p-3">
      {editing ? (
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void save(event)} noValidate>
          <Field label="Passkey name" className="sm:flex-1">
            <Input name="name" maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" size="sm" loading={rename.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-col">
            <span className="font-medium">{passkey.name}</span>
            <span className="text-xs text-ink-muted">
              Added <LocalDateTime iso={passkey.createdAt} />
              {passkey.lastUsedAt ? (
                <>
                  {" · last used "}
                  <LocalDateTime iso={passkey.lastUsedAt} />
                </>
              ) : null}
            </span>
          </div>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              loading={remove.isPending}
              onClick={() => void removeIt()}
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </li>
  );
}
