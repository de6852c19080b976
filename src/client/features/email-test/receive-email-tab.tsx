import { useState, type FormEvent } from "react";
import { Inbox, Paperclip, Webhook } from "lucide-react";
import {
  INBOUND_BODY_LIMIT_BYTES,
  INBOUND_PROVIDER_LABELS,
  INBOUND_PROVIDERS,
  isSignedProvider,
  type InboundProvider,
  type InboundWebhookSummary,
} from "#common/inbound-mail/inbound-mail.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { trackWebhookGenerated, useTrackReceivedEmails } from "./email-test-events";
import { ReceivedEmailDialog } from "./received-email-dialog";

/** Where the signing secret is found, for the providers that sign their deliveries. */
const SECRET_HINTS: Partial<Record<InboundProvider, string>> = {
  resend: "From Resend's webhook page (whsec_…). Kept to verify each delivery.",
  mailgun: "Mailgun's HTTP webhook signing key (Sending > Webhooks). Kept to verify each delivery.",
};

const BODY_LIMIT_MB = INBOUND_BODY_LIMIT_BYTES / (1024 * 1024);

/** How each unsigned format is posted. */
const FORMAT_HINTS: Partial<Record<InboundProvider, string>> = {
  sendgrid: `Set this URL as the Inbound Parse destination (parsed fields or the raw message, at most ${BODY_LIMIT_MB} MB).`,
  raw: `POST the whole message with Content-Type: message/rfc822 (at most ${BODY_LIMIT_MB} MB).`,
};

/** Receive Email: one secret inbound address (shown once, revocable) and the mail it received, as text only. */
export function ReceiveEmailTab() {
  const trpc = useTRPC();
  const inbox = useQuery(trpc.inboundMail.list.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  useTrackReceivedEmails(inbox.data?.emails);
  if (inbox.isPending) return <Spinner label="Loading received mail" />;
  if (inbox.isError) {
    return (
      <LoadFailedAlert title="Received mail could not be loaded" onRetry={() => void inbox.refetch()} retrying={inbox.isFetching}>
        {inbox.error.message}
      </LoadFailedAlert>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <WebhookCard webhook={inbox.data.webhook} />
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Received mail</CardTitle>
            <CardDescription>
              Newest first. Open one for its headers and attachments. Shown as text: the HTML of a message is kept but never displayed.
            </CardDescription>
          </div>
          <RefreshButton onRefresh={() => void inbox.refetch()} refreshing={inbox.isFetching} />
        </CardHeader>
        <CardContent>
          {inbox.data.emails.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title="No mail received yet"
              description="Generate an address, point your provider at it, and mail sent there appears here."
            />
          ) : (
            <ul className="flex flex-col divide-y divide-line" aria-label="Received mail">
              {inbox.data.emails.map((email) => (
                <li key={email.id} className="py-1 first:pt-0 last:pb-0">
                  <button
                    type="button"
                    onClick={() => setOpenId(email.id)}
                    className="focus-ring flex w-full flex-col gap-1 rounded-control px-2 py-2 text-left hover:bg-sunken"
                    aria-label={`Open the message ${email.subject || "(no subject)"} from ${email.from}`}
                  >
                    <span className="flex w-full flex-wrap items-baseline justify-between gap-x-3">
                      <span className="min-w-0 break-all font-medium">{email.from}</span>
                      <time dateTime={email.receivedAt} className="text-xs text-ink-muted">
                        {new Date(email.receivedAt).toLocaleString()}
                      </time>
                    </span>
                    <span className="flex min-w-0 items-center gap-2 text-sm font-semibold">
                      <span className="min-w-0 break-words">{email.subject || "(no subject)"}</span>
                      {email.attachmentCount > 0 ? (
                        <span
                          className="inline-flex shrink-0 items-center gap-0.5 text-xs font-normal text-ink-muted"
                          title={`${email.attachmentCount} attachments`}
                        >
                          <Paperclip aria-hidden="true" className="size-3.5" />
                          {email.attachmentCount}
                        </span>
                      ) : null}
                    </span>
                    <span className="min-w-0 break-words text-sm text-ink-muted">{email.preview || "(no text part)"}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ReceivedEmailDialog emailId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function WebhookCard({ webhook }: { webhook: InboundWebhookSummary | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<InboundProvider>("resend");
  const [signingSecret, setSigningSecret] = useState("");
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const generate = useMutation(
    trpc.inboundMail.generateWebhook.mutationOptions({
      onSuccess: async (created) => {
        trackWebhookGenerated(created.provider);
        setShownUrl(created.url);
        setSigningSecret("");
        await queryClient.invalidateQueries(trpc.inboundMail.list.pathFilter());
      },
    }),
  );
  const revoke = useMutation(
    trpc.inboundMail.revokeWebhook.mutationOptions({
      onSuccess: async () => {
        setShownUrl(null);
        await queryClient.invalidateQueries(trpc.inboundMail.list.pathFilter());
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate.mutate({ provider, ...(isSignedProvider(provider) ? { signingSecret } : {}) });
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Inbound webhook</CardTitle>
          <Badge variant={webhook ? "success" : "neutral"}>{webhook ? "active" : "inactive"}</Badge>
        </div>
        <CardDescription>A secret address your provider posts received mail to. Generating a new one revokes the old one.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {shownUrl ? (
          <Alert variant="warning" title="Copy this address now: it is shown only once">
            <p className="break-all font-mono text-xs">{shownUrl}</p>
            <CopyButton text={shownUrl} size="sm" className="mt-2" label="Copy address" />
          </Alert>
        ) : null}
        {webhook ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p>
              <Webhook aria-hidden="true" className="mr-1 inline size-4" />
              {INBOUND_PROVIDER_LABELS[webhook.provider]}, since {new Date(webhook.createdAt).toLocaleString()}
            </p>
            <ConfirmDialog
              title="Revoke this inbound address?"
              description="Mail posted to it afterwards is refused. Received mail stays listed."
              confirmLabel="Revoke"
              destructive
              onConfirm={() => revoke.mutateAsync({ id: webhook.id }).then(() => undefined)}
              trigger={
                <Button variant="outline" size="sm">
                  Revoke
                </Button>
              }
            />
          </div>
        ) : null}
        {revoke.error ? <Alert variant="error">{revoke.error.message}</Alert> : null}
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Provider</legend>
            {INBOUND_PROVIDERS.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="inbound-provider"
                  value={option}
                  checked={provider === option}
                  onChange={() => setProvider(option)}
                  className="focus-ring size-4 accent-brand-500"
                />
                {INBOUND_PROVIDER_LABELS[option]}
              </label>
            ))}
          </fieldset>
          {isSignedProvider(provider) ? (
            <Field label="Signing secret" hint={SECRET_HINTS[provider]} error={generate.error?.message ?? null}>
              <Input
                value={signingSecret}
                onChange={(event) => setSigningSecret(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                required
              />
            </Field>
          ) : generate.error ? (
            <Alert variant="error">{generate.error.message}</Alert>
          ) : (
            <p className="text-sm text-ink-muted">{FORMAT_HINTS[provider]}</p>
          )}
          <Button type="submit" loading={generate.isPending} className="self-start">
            {webhook ? "Generate a new webhook" : "Generate webhook"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
