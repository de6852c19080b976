import type { FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";

/** The content codings this server keeps copies in, best first: brotli is smaller, gzip is understood everywhere. */
export type ContentCoding = "br" | "gzip";
const BEST_FIRST: readonly ContentCoding[] = ["br", "gzip"];

/**
 * The coding to send, from the codings there is a copy in, by the request's Accept-Encoding: the highest
 * q-value wins, `q=0` refuses a coding (`br;q=0, gzip` gets gzip), `*` stands for any coding not named,
 * and equal q-values go to the better coding. null means the bytes as they are: no Accept-Encoding,
 * `identity`, or nothing acceptable among the copies.
 */
export function negotiateEncoding(request: Pick<FastifyRequest, "headers">, available: readonly ContentCoding[]): ContentCoding | null {
  if (available.length === 0) return null;
  const preferred = BEST_FIRST.filter((coding) => available.includes(coding));
  return new Negotiator({ headers: { "accept-encoding": request.headers["accept-encoding"] } }).encoding(preferred, { preferred }) ?? null;
}

/** A body and the compressed copies made of it. */
export type EncodedCopies = { identity: Buffer } & Partial<Record<ContentCoding, Buffer>>;

/**
 * Adds Accept-Encoding to the answer's Vary (keeping what is there): an answer chosen by that header must be
 * kept by shared caches once per value of it. A 304 carries it too, as the 200 would.
 */
export function varyOnAcceptEncoding(reply: FastifyReply): FastifyReply {
  const current = reply.getHeader("Vary");
  const names = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes("*") || names.some((name) => name.toLowerCase() === "accept-encoding")) return reply;
  return reply.header("Vary", [...names, "Accept-Encoding"].join(", "));
}

/** Sends the copy the request accepts best, with its Content-Encoding and `Vary: Accept-Encoding`. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, copies: EncodedCopies): FastifyReply {
  varyOnAcceptEncoding(reply);
  const coding = negotiateEncoding(
    request,
    BEST_FIRST.filter((name) => copies[name] !== undefined),
  );
  if (coding === null) return reply.send(copies.identity);
  return reply.header("Content-Encoding", coding).send(copies[coding]);
}
