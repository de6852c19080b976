import { randomUUID } from "node:crypto";
import { INBOUND_ATTACHMENT_LIMIT_BYTES, INBOUND_ATTACHMENTS_PER_MESSAGE_BYTES } from "#common/inbound-mail/inbound-mail.ts";
import type { Logger } from "#server/infra/logger.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import type { IncomingAttachment } from "./message-parts";

export type KeptAttachment = {
  id: string;
  position: number;
  filename: string;
  declaredType: string;
  contentType: string;
  size: number;
  storageKey: string | null;
  note: string | null;
};

const UNKNOWN_TYPE = "application/octet-stream";
const MB = 1024 * 1024;

export const attachmentKey = (emailId: string, attachmentId: string) => `inbound-mail/${emailId}/${attachmentId}`;

/**
 * Puts each attachment's bytes in object storage, within the per-attachment and per-message limits, under
 * its sniffed type (never the sender's word: a file that claims to be a PDF and is HTML is stored as text).
 * What is not kept is still listed with the reason. A storage failure is a reason too, never a lost message.
 */
export async function keepAttachments(
  storage: ObjectStorage,
  logger: Logger,
  emailId: string,
  attachments: IncomingAttachment[],
): Promise<KeptAttachment[]> {
  let budget = INBOUND_ATTACHMENTS_PER_MESSAGE_BYTES;
  const kept: KeptAttachment[] = [];
  for (const [position, attachment] of attachments.entries()) {
    const id = randomUUID();
    const row = {
      id,
      position,
      filename: attachment.filename.slice(0, 255),
      declaredType: attachment.declaredType.slice(0, 200),
      size: attachment.size,
    };
    const skip = (note: string) => kept.push({ ...row, contentType: UNKNOWN_TYPE, storageKey: null, note });
    const { content } = attachment;
    if (!content) skip(attachment.note ?? "Not kept: the provider sent no file");
    else if (content.byteLength > INBOUND_ATTACHMENT_LIMIT_BYTES) skip(`Not kept: larger than ${INBOUND_ATTACHMENT_LIMIT_BYTES / MB} MB`);
    else if (content.byteLength > budget)
      skip(`Not kept: the message's attachments passed ${INBOUND_ATTACHMENTS_PER_MESSAGE_BYTES / MB} MB`);
    else {
      const contentType = await sniffContentType(content);
      const storageKey = attachmentKey(emailId, id);
      try {
        await storage.put(storageKey, Buffer.from(content.buffer, content.byteOffset, content.byteLength), { contentType });
        budget -= content.byteLength;
        kept.push({ ...row, size: content.byteLength, contentType, storageKey, note: null });
      } catch (error) {
        logger.warn({ err: error, emailId }, "a received attachment could not be stored");
        skip("Not kept: the file storage refused it");
      }
    }
  }
  return kept;
}

/** What the bytes are: a known file signature, else UTF-8 text, else unknown. */
async function sniffContentType(content: Uint8Array): Promise<string> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(content);
  if (detected) return detected.mime;
  return isUtf8Text(content) ? "text/plain; charset=utf-8" : UNKNOWN_TYPE;
}

function isUtf8Text(content: Uint8Array): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}
