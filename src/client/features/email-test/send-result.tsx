import type { EmailSendResult } from "#common/email-test/email-test.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { Alert } from "#client/ui/alert.tsx";

export type SendOutcome = { kind: "result"; result: EmailSendResult } | { kind: "error"; message: string };

/** The results banner: what really happened to the message, with the send result's fields. */
export function SendResultBanner({ outcome }: { outcome: SendOutcome }) {
  if (outcome.kind === "error") {
    return <Alert variant="error" title={`Error: ${outcome.message}`} />;
  }
  const { result } = outcome;
  const { variant, title, text } = describe(result);
  return (
    <Alert variant={variant} title={title} aria-live="polite">
      {text ? <p>{text}</p> : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Message ID</dt>
        <dd className="min-w-0 font-mono break-all">{result.messageId || "none"}</dd>
        <dt className="font-medium">Provider</dt>
        <dd>{result.provider}</dd>
        <dt className="font-medium">Timestamp</dt>
        <dd>{formatDateTime(result.timestamp)}</dd>
        <dt className="font-medium">Delivery time</dt>
        <dd>{result.deliveryTime === null ? "not delivered" : `${result.deliveryTime.toLocaleString()} ms`}</dd>
        <dt className="font-medium">Test mode</dt>
        <dd>{result.testMode ? "yes" : "no"}</dd>
      </dl>
    </Alert>
  );
}

function describe(result: EmailSendResult): { variant: "success" | "info" | "warning" | "error"; title: string; text: string | null } {
  switch (result.status) {
    case "sent":
      return { variant: "success", title: `Sent: ${result.provider} accepted the message`, text: null };
    case "kept":
      return {
        variant: "info",
        title: "Kept in the outbox (test mode)",
        text: "Nothing was delivered: the site's provider is the outbox, which keeps mail in the database. Set MAIL_PROVIDER to deliver, or type keys in live mode.",
      };
    case "failed":
      return { variant: "error", title: `Error: ${result.error ?? "Email sending failed"}`, text: null };
    case "queued":
    case "sending":
      return {
        variant: "warning",
        title: "Still queued: the provider has not answered yet",
        text: result.error
          ? `The last try failed: ${result.error}. The worker tries again.`
          : "The worker will keep trying; the Analytics tab shows how it ends.",
      };
  }
}
