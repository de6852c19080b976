export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type MailReceipt = { driver: string; messageId: string };

/** A transport that mail is handed to. "Sent" on a screen means send() resolved. */
export type Mailer = {
  readonly driver: string;
  /** Whether mail leaves this machine; the outbox only keeps it. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<MailReceipt>;
  verify(): Promise<void>;
};
