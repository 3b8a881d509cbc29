import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up chatter — a line per module initialised and per route mapped, about 150 of them — goes to
 * the debug level, so `make start` shows the address and the demo accounts instead of a screenful of JSON
 * (issue 16). `LOG_LEVEL=debug` brings them back.
 */
export const START_UP_CONTEXTS: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

export class QuietStartLogger implements LoggerService {
  constructor(private readonly inner: LoggerService & { debug: NonNullable<LoggerService['debug']> }) {}

  log(message: unknown, ...rest: unknown[]): void {
    if (START_UP_CONTEXTS.has(String(rest[rest.length - 1]))) this.inner.debug(message, ...rest);
    else this.inner.log(message, ...rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug(message, ...rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose?.(message, ...rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...rest);
  }
}
