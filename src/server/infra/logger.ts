import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";

/** Fastify's logger face of pino, so the same instance serves the app and the infra drivers. */
export type Logger = FastifyBaseLogger;

export function createLogger(level: string): Logger {
  return pino({ level, redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"] });
}
