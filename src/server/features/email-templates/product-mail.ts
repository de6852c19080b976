import type { EmailTemplateType, TemplateData } from "#common/email-templates/templates.ts";
import type { Executor } from "#server/db/client.ts";
import type { Logger } from "#server/infra/logger.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { renderForType } from "./service";

export type RenderedProductMail = { subject: string; html: string; text: string };

/**
 * Renders one of the product's own mails: the admins' template of `type`, or the built-in one when there is
 * none or it fails to render (logged, so an admin can fix the template). Apart from queueing, for a caller that
 * renders before taking a lock and queues inside it.
 */
export async function renderProductMail(
  executor: Executor,
  logger: Logger,
  mail: { type: EmailTemplateType; data: TemplateData },
): Promise<RenderedProductMail> {
  const rendered = await renderForType(executor, mail.type, mail.data);
  if (rendered.fallbackReason) {
    logger.warn({ reason: rendered.fallbackReason, type: mail.type }, `the ${mail.type} template failed to render; sent the built-in one`);
  }
  return { subject: rendered.subject, html: rendered.html, text: rendered.text };
}

/** Renders and queues one of the product's own mails in the caller's transaction. */
export async function queueTemplatedMail(
  tx: Executor,
  logger: Logger,
  mail: { type: EmailTemplateType; data: TemplateData; to: string; idempotencyKey: string },
): Promise<{ id: string }> {
  const rendered = await renderProductMail(tx, logger, mail);
  return enqueueMail(tx, { to: mail.to, ...rendered, idempotencyKey: mail.idempotencyKey });
}
