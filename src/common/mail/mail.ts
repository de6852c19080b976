/**
 * The mail queue's vocabulary, shared by the server and the screens that show mail.
 *
 *   queued   waiting for its first or next attempt (after a transient failure, `lastError` says why)
 *   sending  claimed by a worker; if that worker dies, the claim expires and the message is queued again
 *   sent     the provider accepted it ("Sent" on a screen means exactly this)
 *   kept     the outbox driver kept it in the database: nothing left the server
 *   failed   refused for good (a permanent error, or the last attempt failed); `lastError` is the provider's reason
 */
export const MAIL_STATUSES = ["queued", "sending", "sent", "kept", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Where the worker hands mail (MAIL_PROVIDER). The outbox keeps it instead of delivering it. */
export const MAIL_PROVIDERS = ["outbox", "smtp", "resend", "sendgrid", "mailgun"] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/** A message whose status will not change any more. */
export const isSettledMailStatus = (status: MailStatus): boolean => status === "sent" || status === "kept" || status === "failed";
