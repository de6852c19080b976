import { useEffect, useRef } from "react";
import type { EmailSendResult } from "#common/email-test/email-test.ts";
import type { InboundProvider, ReceivedEmailSummary } from "#common/inbound-mail/inbound-mail.ts";
import { track } from "#client/lib/analytics.ts";

/** The Email Test page's events (email sent, webhook generated, email received), through the site's beacon. */
const COMPONENT = "EmailTestPage";

/** Every send from the page, with how it ended (never an address or a key). */
export function trackEmailSent(result: EmailSendResult): void {
  track("email_sent", {
    component: COMPONENT,
    label: result.provider,
    properties: { status: result.status, success: result.success, testMode: result.testMode, provider: result.provider },
    ...(result.deliveryTime === null ? {} : { value: result.deliveryTime }),
  });
}

export function trackWebhookGenerated(provider: InboundProvider): void {
  track("webhook_generated", { component: COMPONENT, label: provider });
}

/**
 * `email_received` for messages that appear in the list while the page is open (a refresh shows new ones);
 * those already there when it loaded were counted by the page that first showed them, or predate it.
 */
export function useTrackReceivedEmails(emails: ReceivedEmailSummary[] | undefined): void {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!emails) return;
    if (seen.current === null) {
      seen.current = new Set(emails.map((email) => email.id));
      return;
    }
    for (const email of emails) {
      if (seen.current.has(email.id)) continue;
      seen.current.add(email.id);
      track("email_received", { component: COMPONENT, label: email.provider, properties: { attachments: email.attachmentCount } });
    }
  }, [emails]);
}
