import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { INBOUND_ATTACHMENT_PATH_PREFIX, INBOUND_BODY_LIMIT_BYTES, INBOUND_PATH_PREFIX } from "#common/inbound-mail/inbound-mail.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import { DomainError, notFound, unsupportedMediaType } from "#server/infra/errors.ts";
import { parseInput } from "#server/infra/http.ts";
import { RESEND_API_BASE_URL } from "#server/infra/mail/resend-driver.ts";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import type { ReceivedMessage } from "./message-parts";
import { parseMailgunDelivery, parseRawMime, parseResendDelivery, parseSendgridDelivery, readForm } from "./parse-message";
import { completeResendDelivery, type ResendReceiving } from "./resend-receiving";
import {
  findActiveWebhook,
  findStoredAttachment,
  findStoredDelivery,
  storeReceivedEmail,
  type ActiveWebhook,
  type DeliveryKey,
} from "./service";

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];
const attachmentParams = z.object({ id: z.uuid({ error: "Unknown attachment" }) });

/**
 * The public inbound address. The token in the path is the secret: unknown or revoked answers 404 and
 * stores nothing. Each address takes only its own provider's format. And the admin's attachment download.
 */
export async function registerInboundMailRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  const resend: ResendReceiving = { apiKey: deps.config.resendApiKey, baseUrl: deps.config.mailApiBaseUrl ?? RESEND_API_BASE_URL };
  await app.register(async (scope) => {
    // Signatures are computed over the exact bytes: every body is read raw here and parsed after checking.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { token: string } }>(
      `${INBOUND_PATH_PREFIX}:token`,
      { bodyLimit: INBOUND_BODY_LIMIT_BYTES },
      async (request, reply) => {
        await deps.rateLimits.consume("inboundMail", request.ip);
        const webhook = await findActiveWebhook(db, request.params.token);
        if (!webhook) throw notFound("Unknown inbound address");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let delivery: Delivery;
        try {
          delivery = await readDelivery(webhook, body, request.headers, resend);
        } catch (error) {
          // A message that cannot be read is the sender's problem, but worth one line for whoever watches the inbox.
          if (error instanceof DomainError && error.kind === "unprocessable")
            request.log.warn({ provider: webhook.provider, reason: error.message }, "inbound message refused");
          throw error;
        }
        // A replay is answered as its first copy was, before anything is fetched or kept again.
        const id =
          (await findStoredDelivery(db, delivery.key)) ??
          (await storeReceivedEmail({ db, storage: deps.storage, logger: request.log }, webhook, await delivery.message(), delivery.key));
        return reply.code(200).send({ received: true, id });
      },
    );
  });

  /**
   * A received attachment, admin only. Always a download (Content-Disposition: attachment) of its sniffed
   * type with nosniff and a sandbox policy, so a file from a stranger never renders as a page of this site.
   */
  app.get<{ Params: { id: string } }>(`${INBOUND_ATTACHMENT_PATH_PREFIX}:id`, async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(attachmentParams, request.params);
    const attachment = await findStoredAttachment(db, id);
    if (!attachment) throw notFound("This attachment's file was not kept");
    reply.header("Content-Disposition", contentDisposition(attachment.filename));
    reply.header("Content-Security-Policy", "sandbox; default-src 'none'");
    return serveStoredObject(request, reply, deps.storage, attachment.storageKey, {
      notFoundMessage: "This attachment's file is missing from storage",
    });
  });
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A checked delivery: the key its replays are known by, and its message (for Resend, completed only when asked). */
type Delivery = { key: DeliveryKey; message: () => Promise<ReceivedMessage> };

const parsed = (key: DeliveryKey, message: ReceivedMessage): Delivery => ({ key, message: () => Promise.resolve(message) });

/**
 * Each address takes only its own provider's format, checked (signature first) before anything is kept.
 * A delivery's id is the provider's: Resend's signed `webhook-id`, Mailgun's signed token, and the
 * Message-ID for unsigned mail (raw MIME, SendGrid), none when the message has none.
 */
async function readDelivery(
  webhook: ActiveWebhook,
  body: Buffer,
  headers: Record<string, string | string[] | undefined>,
  resend: ResendReceiving,
): Promise<Delivery> {
  const fullType = String(headers["content-type"] ?? "");
  const contentType = fullType.split(";")[0]!.trim().toLowerCase();
  const { provider } = webhook;
  switch (provider) {
    case "resend": {
      if (contentType !== "application/json") throw unsupportedMediaType("Resend webhooks are sent as application/json");
      const delivery = parseResendDelivery(body, headers, webhook.signingSecret!);
      const id = headers["webhook-id"];
      return { key: { provider, id: typeof id === "string" ? id : null }, message: () => completeResendDelivery(delivery, resend) };
    }
    case "mailgun": {
      if (!FORM_TYPES.includes(contentType)) throw unsupportedMediaType("Mailgun forwards mail as a form (multipart/form-data)");
      const form = await readForm(body, fullType);
      const message = await parseMailgunDelivery(form, webhook.signingSecret!);
      const token = form.get("token");
      return parsed({ provider, id: typeof token === "string" ? token : null }, message);
    }
    case "sendgrid": {
      if (!FORM_TYPES.includes(contentType)) throw unsupportedMediaType("SendGrid Inbound Parse posts mail as multipart/form-data");
      const message = await parseSendgridDelivery(await readForm(body, fullType));
      return parsed({ provider, id: message.messageId ?? null }, message);
    }
    case "raw": {
      if (contentType !== "message/rfc822") throw unsupportedMediaType("Send the raw message as message/rfc822");
      const message = await parseRawMime(body);
      return parsed({ provider, id: message.messageId ?? null }, message);
    }
  }
}
