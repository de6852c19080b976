import type { FastifyBaseLogger } from "fastify";
import { pino, type DestinationStream } from "pino";
import { serializeError } from "./error-serializer";

/** Fastify's logger face of pino, so the same instance serves the app and the infra drivers. */
export type Logger = FastifyBaseLogger;

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
      redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
      serializers: { err: serializeError },
      ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
    },
    destination,
  );
}
