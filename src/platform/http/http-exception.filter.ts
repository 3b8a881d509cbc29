import { DriverException } from '@mikro-orm/core';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind, RangeNotSatisfiableError, RateLimitedError } from '../../shared/domain-error.js';
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
    // Our own HttpExceptions (e.g. 503 from readiness) are expected: their message is enough.
    if (body.status >= 500) {
      // Database errors can quote whole rows (personal data, password hashes): log their class and code only.
      const detail =
        exception instanceof HttpException
          ? exception.message
          : exception instanceof DriverException
            ? `${exception.name} (code ${exception.code ?? 'unknown'}): ${exception.stack?.split('\n').slice(1, 4).join(' ').trim()}`
            : (exception as Error)?.stack;
      this.logger.error(detail ?? String(exception));
    }
    if (exception instanceof RateLimitedError) void reply.header('retry-after', String(exception.retryAfterSeconds));
    if (exception instanceof RangeNotSatisfiableError) void reply.header('content-range', `bytes */${exception.size}`);
    void reply.status(body.status).header('cache-control', 'no-store').send(body);
  }
}
