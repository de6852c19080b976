import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * An upload must bring at least this many bytes in every window of REQUEST_TIMEOUT_MS (about 0.5 KB/s at the
 * default 30 s, far below any real link), so a client that trickles a byte now and then is still cut.
 */
export const UPLOAD_MIN_BYTES_PER_WINDOW = 16 * 1024;

type Deadline = {
  server: Server;
  response: ServerResponse;
  windowMs: number;
  timer?: NodeJS.Timeout;
  watcher?: NodeJS.Timeout;
  /** Taken off the socket when the body is done, so a keep-alive connection does not gather listeners. */
  onSocketClose?: () => void;
};
const deadlines = new WeakMap<IncomingMessage, Deadline>();

/**
 * The whole-request timeout, kept here instead of by Node so that upload routes can trade it for a progress
 * check. Node's `server.requestTimeout` is one figure for every request, checked against the parser's start
 * time, and no public API lifts it for one request; so Node is left with `headersTimeout` (late headers are
 * still answered 408 by Node) and this hook gives each request REQUEST_TIMEOUT_MS from its headers to the end
 * of its body. A late body is answered as Node would: 408 through the server's clientError handler and the
 * connection closed, or only closed when the answer has already begun. Requests through `app.inject` have no
 * real socket and no timer.
 */
export function registerRequestDeadline(app: FastifyInstance, requestTimeoutMs: number) {
  app.addHook("onRequest", async (request, reply) => {
    const raw = request.raw;
    const hasBody = (raw.headers["content-length"] ?? "0") !== "0" || raw.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete || !(raw.socket instanceof Socket)) return;
    const deadline: Deadline = { server: app.server, response: reply.raw, windowMs: requestTimeoutMs };
    deadline.timer = setTimeout(() => cutIfIncomplete(raw, deadline), requestTimeoutMs).unref();
    deadlines.set(raw, deadline);
    deadline.onSocketClose = () => stop(deadline, raw);
    raw.once("end", () => stop(deadline, raw));
    raw.socket.once("close", deadline.onSocketClose);
  });
}

/**
 * For an upload, once its sender is allowed to send it: no whole-request limit (a gigabyte backup on a slow
 * link takes minutes), only progress: the connection is cut (408) when a window of REQUEST_TIMEOUT_MS brings
 * fewer than UPLOAD_MIN_BYTES_PER_WINDOW bytes before the body is complete. Measured on the socket's bytes
 * read, so reading the body stays the upload code's business.
 */
export function keepWhileBytesArrive(request: FastifyRequest) {
  const raw = request.raw;
  const deadline = deadlines.get(raw);
  if (!deadline || raw.complete) return;
  clearTimeout(deadline.timer);
  const socket = raw.socket;
  let before = socket.bytesRead;
  deadline.watcher ??= setInterval(() => {
    const now = socket.bytesRead;
    if (now - before < UPLOAD_MIN_BYTES_PER_WINDOW) cutIfIncomplete(raw, deadline);
    before = now;
  }, deadline.windowMs).unref();
}

function stop(deadline: Deadline, raw: IncomingMessage) {
  clearTimeout(deadline.timer);
  clearInterval(deadline.watcher);
  if (deadline.onSocketClose) raw.socket.off("close", deadline.onSocketClose);
}

/** Node's own answer to a late request (its ERR_HTTP_REQUEST_TIMEOUT, handled by Fastify's clientError handler). */
function cutIfIncomplete(raw: IncomingMessage, deadline: Deadline) {
  stop(deadline, raw);
  const socket = raw.socket;
  if (raw.complete || socket.destroyed) return;
  if (deadline.response.headersSent) {
    socket.destroy();
    return;
  }
  const error = Object.assign(new Error("Request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
  if (!deadline.server.emit("clientError", error, socket)) socket.destroy(error);
}
