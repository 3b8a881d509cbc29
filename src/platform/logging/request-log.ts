import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { PinoLogger } from 'nestjs-pino';
import type { Logger, Level } from 'pino';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's own logger: every line carries `req` (id, method, URL without secrets). */
    requestLog: Logger | null;
  }
}

/** No line for the load balancer's liveness probe, which would otherwise be most of the log. */
function isLoggedRequest(url: string): boolean {
  return url !== '/api/health';
}

/**
 * A client's mistake is worth a warning, our own failure an error; 503 (database down, shutting down) is a passing
 * state that readiness reports, not a failure of ours: a warning too.
 */
function levelForStatus(statusCode: number): Level {
  if (statusCode === 503) return 'warn';
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * Every request runs with its own child logger in nestjs-pino's context, so every line logged while it runs (by Nest's
 * Logger anywhere in the code) carries `req.id`, the id the client gets back in `X-Request-Id`; when it has been
 * answered, one line says how: `request completed` (`request errored` for a 5xx), with the status and the time taken.
 *
 * These are the lines pino-http's middleware wrote, written from two Fastify hooks instead: the middleware ran through
 * Nest's middleware layer (@fastify/middie, which computes the client's address, host and protocol for every request
 * whether anybody reads them) and listened for three response events, ~7–11% of the CPU of a cached read (ADR 0094).
 * The context is entered with nestjs-pino's public `runInContext`, the same store its middleware fills.
 */
export function logEachRequest(fastify: FastifyInstance, pino: PinoLogger): void {
  fastify.decorateRequest('requestLog', null);
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    pino.runInContext(
      () => {
        request.requestLog = pino.logger;
        done();
      },
      { bindings: { req: request.raw } },
    );
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const log = request.requestLog;
    if (log && isLoggedRequest(request.raw.url ?? '')) logAnswer(log, reply.raw.statusCode, Math.round(reply.elapsedTime));
    done();
  });
  // The client went away before its answer was sent, so its closing line may never come (no 'finish' on a closed
  // socket): one line here, so a request seen in the access log of a proxy in front is never missing from ours.
  fastify.addHook('onRequestAbort', (request: FastifyRequest, done: HookHandlerDoneFunction) => {
    request.requestLog?.info('request aborted');
    done();
  });
}

function logAnswer(log: Logger, statusCode: number, responseTime: number): void {
  const level = levelForStatus(statusCode);
  const res = { statusCode };
  if (statusCode >= 500) log[level]({ res, err: new Error(`failed with status code ${statusCode}`), responseTime }, 'request errored');
  else log[level]({ res, responseTime }, 'request completed');
}

