import type { FastifyBaseLogger } from "fastify";
import { pino, type DestinationStream } from "pino";
import { serializeError } from "./error-serializer";

/** Fastify's logger face of pino, so the same instance serves the app and the infra drivers. */
export type Logger = FastifyBaseLogger;

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
      serializers: { err: serializeError },
    },
    destination,
  );
}
