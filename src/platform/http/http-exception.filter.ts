import { DriverException } from '@mikro-orm/core';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind, RangeNotSatisfiableError, RateLimitedError } from '../../shared/domain-error.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../persistence/database-unavailable.js';
import { errorBody, type ErrorBody } from './error-body.js';
import { RequestValidationError } from './request-validation.js';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  invalid: HttpStatus.UNPROCESSABLE_ENTITY,
  forbidden: HttpStatus.FORBIDDEN,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  gone: HttpStatus.GONE,
  range_not_satisfiable: HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
};

/** Turns any thrown value into the one error body. Unexpected errors are logged, never shown. */
export function toErrorBody(exception: unknown, requestId: string | undefined): ErrorBody {
  if (exception instanceof RequestValidationError) {
    return errorBody(422, exception.message, { errors: exception.fields, requestId });
  }
  if (exception instanceof DomainError) {
    const status = STATUS_OF_KIND[exception.kind];
    const hasFields = Object.keys(exception.fields).length > 0;
    return errorBody(status, exception.message, { errors: hasFields ? exception.fields : undefined, requestId });
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : exception.message;
    return errorBody(status, message, { requestId });
  }
  // Errors raised by Fastify itself (body too large, malformed JSON, poisoned prototypes) carry a
  // 4xx statusCode and a message that is safe to show.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return errorBody(statusCode, (exception as Error).message, { requestId });
  }
  // PostgreSQL stopped or restarting: the request may well succeed in a moment (the pool reconnects by itself).
  if (isDatabaseUnavailable(exception)) return errorBody(503, DATABASE_UNAVAILABLE, { requestId });
  return errorBody(500, 'Server Error', { requestId });
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception, String(request.id));
    if (body.status === 503 && isDatabaseUnavailable(exception)) {
      // An outage, not a bug: one line per request (the request's logger adds its id), no stack.
      this.logger.warn(`The database is unavailable: ${describeDriverError(exception)}`);
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (body.status === 503 && exception instanceof HttpException) {
      // Readiness saying "not now" (database down, shutting down): expected, and asked every few seconds.
      this.logger.warn(exception.message);
    } else if (body.status >= 500) {
      // Our own HttpExceptions are expected: their message is enough.
      // Database errors can quote whole rows (personal data, password hashes): log their class and code only.
      const detail =
        exception instanceof HttpException
          ? exception.message
          : exception instanceof DriverException
            ? `${describeDriverError(exception)}: ${exception.stack?.split('\n').slice(1, 4).join(' ').trim()}`
            : (exception as Error)?.stack;
      this.logger.error(detail ?? String(exception));
    }
    if (exception instanceof RateLimitedError) void reply.header('retry-after', String(exception.retryAfterSeconds));
    if (exception instanceof RangeNotSatisfiableError) void reply.header('content-range', `bytes */${exception.size}`);
    void reply.status(body.status).header('cache-control', 'no-store').send(body);
  }
}

function describeDriverError(exception: unknown): string {
  const { name, code } = (exception ?? {}) as { name?: unknown; code?: unknown };
  return `${typeof name === 'string' ? name : 'Error'} (code ${typeof code === 'string' ? code : 'unknown'})`;
}
