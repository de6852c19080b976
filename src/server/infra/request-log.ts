import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { redactUrl } from "./redact-url";

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** The level of the route's "incoming request" and "request completed" lines; info when unset. */
    requestLogLevel?: "debug";
  }
}

/** Route options for paths hit so often (beacons, health probes) that their request lines are noise at info. */
export const DEBUG_REQUEST_LOGS = { config: { requestLogLevel: "debug" } } as const;

const levelOf = (request: FastifyRequest) => request.routeOptions.config?.requestLogLevel ?? "info";

/**
 * Fastify's request log lines at the route's level. The `logLevel` route option is no use here: it sets
 * the request's logger to that level, so at LOG_LEVEL=warn a debug route would log every request.
 * The request's URL is written by the logger's `req` serializer, which redacts its secrets; a line that
 * writes the URL itself redacts it with the same function.
 */
class RouteLevelLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log[levelOf(request)]({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
      return;
    }
    reply.log[levelOf(request)]({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? "")} not found`);
  }
}

export const createRequestLogController = () => new RouteLevelLogController();
