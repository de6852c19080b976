import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** The level of the route's request line; info when unset. */
    requestLogLevel?: "debug";
  }
}

/** Route options for paths hit so often (beacons, health probes) that their request lines are noise at info. */
export const DEBUG_REQUEST_LOGS = { config: { requestLogLevel: "debug" } } as const;

/**
 * A refusal for going too fast is written at debug: a flood of them would otherwise fill the log with
 * one line per refused request (the rate limiter's own counters say how many there were).
 */
const levelOf = (request: FastifyRequest, reply: FastifyReply) =>
  reply.statusCode === 429 ? "debug" : (request.routeOptions.config?.requestLogLevel ?? "info");

/**
 * The fields of a request line: the request (method, URL with its secrets redacted by the logger's `req`
 * serializer, client address), the status and the time taken; the request id comes from the request's logger.
 */
const requestLine = (request: FastifyRequest, reply: FastifyReply) => ({ req: request, res: reply, responseTime: reply.elapsedTime });

/**
 * One line per request, written when it is answered, at the route's level. The `logLevel` route option is
 * no use here: it sets the request's logger to that level, so at LOG_LEVEL=warn a debug route would log every
 * request. Fastify's "incoming request" line is not written: the answered line says all it said, and a
 * request that never completes is logged by whatever stopped it.
 */
class RouteLevelLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ ...requestLine(request, reply), err: error }, "request errored");
      return;
    }
    reply.log[levelOf(request, reply)](requestLine(request, reply), "request completed");
  }

  /** The answered line already says 404 with the URL. */
  override routeNotFound() {}
}

export const createRequestLogController = () => new RouteLevelLogController();
