import { Download, Paperclip } from "lucide-react";
import type { ReceivedAttachment } from "#common/inbound-mail/inbound-mail.ts";
import { formatBytes, formatDateTime } from "#client/lib/format.ts";
import { cn } from "#client/ui/cn.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { textLinkClasses } from "#client/ui/text-link.tsx";

/** One received message: its text (never its HTML), its headers and its attachments as downloads. */
export function ReceivedEmailDialog({ emailId, onClose }: { emailId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const email = useQuery(trpc.inboundMail.message.queryOptions({ id: emailId ?? "" }, { enabled: emailId !== null }));
  return (
    <Dialog open={emailId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle className="break-words">{email.data?.subject || "(no subject)"}</DialogTitle>
          <DialogDescription className="break-all">
            {email.data ? `From ${email.data.from} to ${email.data.to}, ${formatDateTime(email.data.receivedAt)}` : "Received message"}
          </DialogDescription>
        </DialogHeader>
        {email.isPending ? (
          <Spinner label="Loading the message" />
        ) : email.isError ? (
          <Alert variant="error">{email.error.message}</Alert>
        ) : (
          <>
            <section aria-label="Message text" className="flex flex-col gap-1">
              <pre className="max-h-72 overflow-auto rounded-control bg-sunken p-3 font-sans text-sm break-words whitespace-pre-wrap">
                {email.data.content || "(no text part)"}
              </pre>
              {email.data.hasHtml ? (
                <p className="text-xs text-ink-muted">This message also has an HTML part: it is kept, never displayed.</p>
              ) : null}
            </section>
            <Attachments attachments={email.data.attachments} />
            <Headers headers={email.data.headers} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Attachments({ attachments }: { attachments: ReceivedAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Attachments</h3>
      <ul className="flex flex-col divide-y divide-line rounded-control border border-line" aria-label="Attachments">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <Paperclip aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <span className="min-w-0 break-all">{attachment.filename}</span>
              <span className="shrink-0 text-xs text-ink-muted">
                {attachment.contentType.split(";")[0]}, {formatBytes(attachment.size)}
              </span>
            </span>
            {attachment.downloadUrl ? (
              <a
                className={cn(textLinkClasses, "inline-flex items-center gap-1")}
                href={attachment.downloadUrl}
                download={attachment.filename}
              >
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
            ) : (
              <span className="text-xs text-ink-muted">{attachment.note}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <details className="rounded-control border border-line text-sm">
      <summary className="focus-ring cursor-pointer rounded-control px-3 py-2 font-semibold">Headers ({entries.length})</summary>
      <dl className="grid max-h-72 grid-cols-1 gap-x-3 gap-y-1 overflow-auto border-t border-line px-3 py-2 font-mono text-xs sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        {entries.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="break-all text-ink-muted">{name}</dt>
            <dd className="break-all whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
