import { INBOUND_HEADER_LIMITS, INBOUND_MAX_ATTACHMENTS } from "#common/inbound-mail/inbound-mail.ts";

/** An attachment as a delivery carried it: the bytes, or null with the reason they did not come along. */
export type IncomingAttachment = { filename: string; declaredType: string; size: number; content: Uint8Array | null; note?: string };

/** A received message, whatever format it came in. */
export type ReceivedMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: IncomingAttachment[];
  /** The message's Message-ID header, as written, when it has one. */
  messageId?: string;
};

/**
 * Headers as stored: lowercase name -> value, repeated names (Received) joined by newlines. Bounded so a
 * hostile message cannot grow the row: at most `names` names, each value cut, and the whole JSON capped
 * (later headers are dropped once it is full).
 */
export function boundHeaders(entries: Iterable<readonly [string, string]>): Record<string, string> {
  const headers: Record<string, string> = {};
  let names = 0;
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim().toLowerCase().slice(0, 100);
    if (!name) continue;
    const value = String(rawValue).slice(0, INBOUND_HEADER_LIMITS.valueLength);
    const previous = headers[name];
    if (previous === undefined && names >= INBOUND_HEADER_LIMITS.names) continue;
    const combined = previous === undefined ? value : `${previous}\n${value}`.slice(0, INBOUND_HEADER_LIMITS.valueLength);
    headers[name] = combined;
    if (Buffer.byteLength(JSON.stringify(headers)) > INBOUND_HEADER_LIMITS.totalBytes) {
      if (previous === undefined) delete headers[name];
      else headers[name] = previous;
      break;
    }
    if (previous === undefined) names += 1;
  }
  return headers;
}

/** A raw header block (SendGrid's `headers` field): one header a line, folded lines unfolded (RFC 5322 2.2.3). */
export function parseHeaderBlock(block: string): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const line of block.split(/\r?\n/)) {
    const last = entries.at(-1);
    if (/^[ \t]/.test(line) && last) {
      last[1] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon > 0) entries.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  return entries;
}

/** Every file part of a posted form (Mailgun's attachment-N, SendGrid's attachmentN), in order. */
export async function attachmentsOfForm(form: FormData): Promise<IncomingAttachment[]> {
  const files: File[] = [];
  for (const [, value] of form) if (typeof value !== "string") files.push(value);
  return Promise.all(
    files.slice(0, INBOUND_MAX_ATTACHMENTS).map(async (file) => ({
      filename: file.name || "attachment",
      declaredType: file.type || "application/octet-stream",
      size: file.size,
      content: new Uint8Array(await file.arrayBuffer()),
    })),
  );
}
