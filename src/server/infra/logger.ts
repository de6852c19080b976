import type { FastifyBaseLogger } from "fastify";
import { pino, type DestinationStream } from "pino";
import { serializeError } from "./error-serializer";
import { redactUrl } from "./redact-url";

/** Fastify's logger face of pino, so the same instance serves the app and the infra drivers. */
export type Logger = FastifyBaseLogger;

/** A Fastify request or a Node one: the fields a request line shows. */
type LoggedRequest = {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own request fields, with the URL's secrets (tokens, passwords, inbound addresses) redacted. */
export const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url === undefined ? undefined : redactUrl(request.url),
  version: request.headers?.["accept-version"],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

type LoggerOptions = { level: string; env: "development" | "production" | "test"; destination?: DestinationStream };

/**
 * JSON lines in production and whenever stdout is piped (to a file, a collector, `jq`);
 * readable lines, through pino-pretty in a worker thread, when a person watches a terminal.
 * `destination` (tests) replaces stdout.
 */
export function createLogger({ level, env, destination }: LoggerOptions): Logger {
  const pretty = !destination && env !== "production" && process.stdout.isTTY === true;
  return pino(
    {
      level,
      // Request lines show no headers; these stay out of any line that logs them all the same (a Referer can carry a page's query).
      redact: ["req.headers.authorization", "req.headers.cookie", "req.headers.referer", "res.headers['set-cookie']"],
      serializers: { err: serializeError, req: serializeRequest },
      ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
    },
    destination,
  );
}
