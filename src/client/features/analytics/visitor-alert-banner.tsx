import { BellRing } from "lucide-react";
import { VISITOR_ALERT_EMAIL_INTERVAL_MINUTES, type VisitorAlertDelivery, type VisitorAlertState } from "#common/analytics/dashboard.ts";
import { countText, formatRelativeTime } from "#client/lib/format.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/**
 * Shown while the visitor alert is active (2 or more visitors in the last 10 minutes). It says an email
 * was sent only when the mail provider accepted it (the mail queue's status), and says so when the mail
 * waits, failed, or was kept by the outbox, which keeps mail on the server and delivers nothing.
 */
export function VisitorAlertBanner({ alert, generatedAt }: { alert: VisitorAlertState; generatedAt: string }) {
  if (!alert.active) return null;
  const notifiedAgo = alert.notifiedAt ? Date.parse(generatedAt) - Date.parse(alert.notifiedAt) : null;
  const notifiedInWindow = notifiedAgo !== null && notifiedAgo <= alert.windowMinutes * 60_000;
  const notifiedThisHour = notifiedAgo !== null && notifiedAgo <= VISITOR_ALERT_EMAIL_INTERVAL_MINUTES * 60_000;

  let notice: string;
  if (notifiedInWindow) {
    notice = deliveryNotice(alert.delivery, countText(alert.recipients, "admin"), timeFormat.format(Date.parse(alert.notifiedAt!)));
  } else if (notifiedThisHour) {
    notice = `No new email: admins were last notified ${formatRelativeTime(alert.notifiedAt!, Date.parse(generatedAt))}, and alerts go out at most once every ${VISITOR_ALERT_EMAIL_INTERVAL_MINUTES} minutes.`;
  } else {
    notice = "No email notification has gone out for this yet. The server checks about once a minute while visitors arrive.";
  }

  return (
    <section
      aria-label="Visitor alert"
      aria-live="polite"
      className="flex items-start gap-3 rounded-panel border border-brand-300 bg-gradient-to-r from-brand-100 to-brand-50 px-4 py-3.5 text-brand-900 sm:px-5"
    >
      <span aria-hidden="true" className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-400 text-ink">
        <BellRing className="size-4" />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <p className="font-semibold text-ink">
          Visitor alert: {alert.uniqueVisitorsLast10Min} unique visitors in the last {alert.windowMinutes} minutes
        </p>
        <p>{notice}</p>
      </div>
    </section>
  );
}

function deliveryNotice(delivery: VisitorAlertDelivery | null, admins: string, at: string): string {
  switch (delivery) {
    case "sent":
      return `Email notifications sent to ${admins} at ${at}.`;
    case "kept":
      return `Email notifications for ${admins} were written to the outbox at ${at}. No mail provider is configured, so they have not left this server.`;
    case "failed":
      return `Email notifications for ${admins} were queued at ${at}, but the mail provider refused them. The server log has the reason.`;
    default:
      return `Email notifications for ${admins} were queued at ${at} and are waiting for the mail provider to accept them.`;
  }
}
