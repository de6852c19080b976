import type { MailProvider } from "#common/mail/mail.ts";

/** One message as a driver hands it over: the sender is always resolved. */
export type OutgoingMail = {
  /** The queue's id, for drivers that keep the mail themselves (the outbox) and for logs. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/** A transport the mail worker hands messages to, one per process, chosen by MAIL_PROVIDER. */
export type MailDriver = {
  readonly provider: MailProvider;
  /** Whether mail leaves this machine; the outbox only keeps it. */
  readonly delivers: boolean;
  /** Resolves with the provider's id once the provider accepted the message; throws a DeliveryError otherwise. */
  deliver(message: OutgoingMail): Promise<{ providerMessageId: string }>;
  /** Checks that the provider can be reached with the configured credentials, where the provider allows it. */
  verify(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Why a delivery did not happen. `transient` ones (network, rate limits, the provider's own trouble, SMTP 4xx)
 * are tried again later; the others (SMTP 5xx, a refused request) fail the message at once.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}

/** Anything a driver threw that is not a DeliveryError (a bug, an unexpected library error) is worth a retry. */
export const toDeliveryError = (error: unknown): DeliveryError =>
  error instanceof DeliveryError ? error : new DeliveryError(error instanceof Error ? error.message : String(error), true);
