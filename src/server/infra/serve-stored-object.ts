import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isNotModified } from "./conditional-request";
import { StorageUnavailableError, type ObjectStorage, type StoredObjectInfo } from "#server/infra/storage/index.ts";

export type ServeStoredObjectOptions = {
  /** The key's bytes never change (a new version gets a new key): caches may keep it a year without asking. */
  immutable?: boolean;
  /** `private` (the default) keeps shared caches (CDNs, proxies) from storing what only some users may see. */
  visibility?: "public" | "private";
  /** The 404 body's message. */
  notFoundMessage?: string;
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function setValidators(reply: FastifyReply, info: StoredObjectInfo, options: ServeStoredObjectOptions) {
  const visibility = options.visibility ?? "private";
  reply.header("ETag", info.etag);
  reply.header("Last-Modified", info.lastModified.toUTCString());
  reply.header("Cache-Control", options.immutable ? `${visibility}, max-age=${ONE_YEAR_SECONDS}, immutable` : `${visibility}, no-cache`);
  reply.header("X-Content-Type-Options", "nosniff");
}

/**
 * Sends a stored object as the answer: its type and length, ETag and Last-Modified, 304 when the request's
 * validators match (isNotModified), and the cache policy of the options. The bytes are streamed from the storage, never held
 * in memory whole. Answers 404 `{ error }` when the key holds nothing, 503 when the storage is away.
 * The key must come from the caller's own records (a row it found), never straight from the URL.
 */
export async function serveStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  options: ServeStoredObjectOptions = {},
): Promise<FastifyReply> {
  const notFound = () => reply.code(404).send({ error: options.notFoundMessage ?? "File not found" });
  try {
    const revalidation = request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
    // A revalidation or a HEAD needs only the object's description: no bytes are fetched.
    if (revalidation || request.method === "HEAD") {
      const info = await storage.head(key);
      if (!info) return notFound();
      setValidators(reply, info, options);
      if (isNotModified(request, info)) return reply.code(304).send();
      if (request.method === "HEAD") {
        // An empty stream, not no payload: Fastify's HEAD handling keeps our Content-Length for a stream and sets 0 otherwise.
        return reply.type(info.contentType).header("Content-Length", info.size).send(Readable.from([]));
      }
    }
    const object = await storage.get(key);
    if (!object) return notFound();
    setValidators(reply, object, options);
    return reply.type(object.contentType).header("Content-Length", object.size).send(object.body);
  } catch (error) {
    return storageUnavailable(request, reply, error);
  }
}

/** 503 with Retry-After while the storage is away; any other error goes on to the error handler. */
export function storageUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof StorageUnavailableError)) throw error;
  request.log.error({ err: error }, "file storage unavailable");
  return reply.code(503).header("Retry-After", "30").send({ error: "File storage is unavailable right now. Please try again shortly." });
}

export type HeldObject = StoredObjectInfo & { bytes: Buffer };

/** A small stored object read whole, to be served from memory (the favicon set): null when the key holds nothing. */
export async function readWholeObject(storage: ObjectStorage, key: string): Promise<HeldObject | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const { body, ...info } = object;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { ...info, bytes: Buffer.concat(chunks) };
}

/** Sends an object held in memory with the validators and cache policy serveStoredObject gives a streamed one. */
export function sendHeldObject(
  request: FastifyRequest,
  reply: FastifyReply,
  object: HeldObject,
  options: ServeStoredObjectOptions = {},
): FastifyReply {
  setValidators(reply, object, options);
  if (isNotModified(request, object)) return reply.code(304).send();
  return reply.type(object.contentType).header("Content-Length", object.size).send(object.bytes);
}
