import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's lines per request ("incoming request", "request completed", "Route … not found") at debug level
 * instead of info: at the default LOG_LEVEL the process output then carries what an operator needs to read
 * (start-up, warnings, errors, the first-start administrator password) rather than a JSON line per request.
 * A request that ends in an error is still logged at error level.
 */
export class QuietRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
