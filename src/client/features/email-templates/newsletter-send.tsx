import { useState } from "react";
import { Megaphone } from "lucide-react";
import type { EmailTemplate } from "#common/email-templates/templates.ts";
import type { NewsletterProgress } from "#common/newsletter/newsletter.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { reasonOf } from "./email-templates-texts";

const PROGRESS_POLL_MS = 1_000;

/** The newsletter template's card: send it to the waitlist (after a confirmation), then follow the queue. */
export function NewsletterSend({ template }: { template: EmailTemplate }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.newsletter.send.mutationOptions());
  const [sendId, setSendId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const progress = useQuery(
    trpc.newsletter.progress.queryOptions(
      { sendId: sendId ?? "" },
      { enabled: sendId !== null, refetchInterval: (query) => (query.state.data?.done ? false : PROGRESS_POLL_MS) },
    ),
  );

  const confirm = async () => {
    setFailure(null);
    // One id per confirmed click: a retried request queues nobody twice.
    const id = crypto.randomUUID();
    try {
      await send.mutateAsync({ templateId: template.id, sendId: id });
      setSendId(id);
    } catch (error) {
      setFailure(`Failed to send the newsletter: ${reasonOf(error)}`);
    }
  };

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <ConfirmDialog
        trigger={
          <Button variant="primary" size="sm" className="self-start">
            <Megaphone aria-hidden="true" />
            Send newsletter
          </Button>
        }
        title={`Send "${template.name}" to the waitlist?`}
        description="Everyone on the waitlist who has not unsubscribed gets this newsletter, each with their own unsubscribe link. This cannot be undone."
        confirmLabel="Send to everyone"
        onConfirm={confirm}
      />
      {failure ? (
        <Alert variant="error" className="text-sm">
          {failure}
        </Alert>
      ) : null}
      {progress.data ? <SendProgress progress={progress.data} /> : null}
    </div>
  );
}

function SendProgress({ progress }: { progress: NewsletterProgress }) {
  const settled = progress.sent + progress.kept + progress.failed;
  const parts = [
    progress.sent > 0 ? `${progress.sent} sent` : null,
    progress.kept > 0 ? `${progress.kept} kept in the outbox` : null,
    progress.failed > 0 ? `${progress.failed} failed` : null,
    progress.queued + progress.sending > 0 ? `${progress.queued + progress.sending} waiting` : null,
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-1.5" role="status">
      <Progress
        value={settled}
        max={Math.max(progress.total, 1)}
        label={`Newsletter: ${settled} of ${progress.total} delivered or settled`}
      />
      <p className="text-xs text-ink-muted">
        {progress.total === 0
          ? "Nobody to send to: the waitlist has no subscribed entries."
          : `${settled} of ${progress.total}: ${parts.join(", ") || "queued"}`}
        {progress.done && progress.kept > 0 ? ". The site's mail provider is the outbox (MAIL_PROVIDER): nothing left the server." : ""}
      </p>
    </div>
  );
}
