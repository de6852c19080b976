import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";
const MAX_REQUEST_ID_LENGTH = 128;
/** Visible ASCII only: an id goes into log lines and a response header as is. */
const VALID_REQUEST_ID = /^[\x21-\x7e]+$/;

/**
 * Fastify options for request ids: a trusted proxy's `X-Request-Id` is kept, so one id follows a
 * request through the proxy's logs and ours; anyone else's, and any malformed id, is replaced by a UUID.
 */
export function requestIdOptions(cameThroughTrustedProxy: (request: IncomingMessage) => boolean) {
  return {
    requestIdHeader: false as const,
    genReqId(request: IncomingMessage): string {
      const given = cameThroughTrustedProxy(request) ? request.headers[REQUEST_ID_HEADER] : undefined;
      const id = Array.isArray(given) ? given[0] : given;
      if (id && id.length <= MAX_REQUEST_ID_LENGTH && VALID_REQUEST_ID.test(id)) return id;
      return randomUUID();
    },
  };
}

/** Echoes the request id, so a client or the proxy can quote it when something went wrong. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
