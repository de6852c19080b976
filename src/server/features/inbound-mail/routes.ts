import type { FastifyInstance } from "fastify";
import { INBOUND_PATH_PREFIX } from "../../../common/inbound-mail";
import type { AppDeps } from "../../deps";
import { notFound, unsupportedMediaType } from "../../infra/errors";
import { parseMailgunDelivery, parseRawMime, parseResendDelivery, parseSendgridDelivery, readForm } from "./parse-message";
import { findActiveWebhook, storeReceivedEmail, type ActiveWebhook, type ReceivedMessage } from "./service";

/** Mail larger than this is refused (413): the page shows text, and attachments are not kept. */
const INBOUND_BODY_LIMIT_BYTES = 1024 * 1024;
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/**
 * The public inbound address. The token in the path is the secret: unknown or revoked answers 404 and
 * stores nothing. Each address takes only its own provider's format.
 */
export async function registerInboundMailRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  await app.register(async (scope) => {
    // Signatures are computed over the exact bytes: every body is read raw here and parsed after checking.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { token: string } }>(`${INBOUND_PATH_PREFIX}:token`, { bodyLimit: INBOUND_BODY_LIMIT_BYTES }, async (request, reply) => {
      await deps.rateLimits.consume("inboundMail", request.ip);
      const webhook = await findActiveWebhook(db, request.params.token);
      if (!webhook) throw notFound("Unknown inbound address");
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const message = await readDelivery(webhook, body, request.headers);
      const id = await storeReceivedEmail(db, webhook, message);
      return reply.code(200).send({ received: true, id });
    });
  });
}

/** Each address takes only its own provider's format, checked (signature first) before anything is kept. */
async function readDelivery(webhook: ActiveWebhook, body: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ReceivedMessage> {
  const fullType = String(headers["content-type"] ?? "");
  const contentType = fullType.split(";")[0]!.trim().toLowerCase();
  switch (webhook.provider) {
    case "resend":
      if (contentType !== "application/json") throw unsupportedMediaType("Resend webhooks are sent as application/json");
      return parseResendDelivery(body, headers, webhook.signingSecret!);
    case "mailgun":
      if (!FORM_TYPES.includes(contentType)) throw unsupportedMediaType("Mailgun forwards mail as a form (multipart/form-data)");
      return parseMailgunDelivery(await readForm(body, fullType), webhook.signingSecret!);
    case "sendgrid":
      if (!FORM_TYPES.includes(contentType)) throw unsupportedMediaType("SendGrid Inbound Parse posts mail as multipart/form-data");
      return parseSendgridDelivery(await readForm(body, fullType));
    case "raw":
      if (contentType !== "message/rfc822") throw unsupportedMediaType("Send the raw message as message/rfc822");
      return parseRawMime(body);
  }
}
