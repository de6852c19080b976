import { BellRing } from "lucide-react";
import { VISITOR_ALERT_EMAIL_INTERVAL_MINUTES, type VisitorAlertState } from "../../../common/analytics-dashboard";
import { countText, formatRelativeTime } from "../../lib/format";

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

/**
 * Shown while the visitor alert is active (2 or more visitors in the last 10 minutes). It says an email
 * went out only when the server recorded one within the alert's window, and says where it went: an
 * outbox that keeps mail on the server is not a delivered email.
 */
export function VisitorAlertBanner({ alert, generatedAt }: { alert: VisitorAlertState; generatedAt: string }) {
  if (!alert.active) return null;
  const notifiedAgo = alert.notifiedAt ? Date.parse(generatedAt) - Date.parse(alert.notifiedAt) : null;
  const notifiedInWindow = notifiedAgo !== null && notifiedAgo <= alert.windowMinutes * 60_000;
  const notifiedThisHour = notifiedAgo !== null && notifiedAgo <= VISITOR_ALERT_EMAIL_INTERVAL_MINUTES * 60_000;

  let notice: string;
  if (notifiedInWindow && alert.delivered) {
    notice = `Email notifications sent to ${countText(alert.recipients, "admin")} at ${timeFormat.format(Date.parse(alert.notifiedAt!))}.`;
  } else if (notifiedInWindow) {
    notice = `Email notifications for ${countText(alert.recipients, "admin")} were written to the outbox at ${timeFormat.format(Date.parse(alert.notifiedAt!))}. No mail server is configured, so they have not left this server.`;
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
