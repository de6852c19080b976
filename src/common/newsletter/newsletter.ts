// The newsletter send: its input (REST and tRPC parse with it) and what the screens show of a send.
import * as z from "zod/mini";

export const newsletterSendInput = z.object({
  templateId: z.uuid("Template id must be a UUID"),
  /**
   * Optional: the client makes one per click, so a retried request (a lost answer, a double click) queues
   * nothing twice. A new id is made when left out.
   */
  sendId: z.optional(z.uuid("Send id must be a UUID")),
});
export type NewsletterSendInput = z.output<typeof newsletterSendInput>;

export const newsletterProgressInput = z.object({ sendId: z.uuid("Send id must be a UUID") });

export type NewsletterSendResult = { sendId: string; total: number; queued: number };

/** Counts of the send's mails by status, from the mail table; `done` when none is queued or being sent. */
export type NewsletterProgress = {
  sendId: string;
  total: number;
  queued: number;
  sending: number;
  sent: number;
  kept: number;
  failed: number;
  done: boolean;
};
