import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import type { Options } from 'pino-http';
import type { Environment } from '../../config/environment.js';
import { terminalLogDestination } from './terminal-log-format.js';

/**
 * JSON logs through pino, Nest's own lines included (nestjs-pino's Logger). Each request gets a child logger and a
 * closing line from two Fastify hooks (request-log.ts), so every line logged while a request runs carries `req.id`,
 * the same id the client gets back in `X-Request-Id`. On a terminal the lines are printed readably instead
 * (terminal-log-format.ts).
 */
@Module({})
export class LoggingModule {
  static forRoot(env: Environment): DynamicModule {
    const pinoOptions = pinoHttpOptions(env);
    const terminal = terminalLogDestination();
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // No middleware: the request log is two Fastify hooks (request-log.ts), which enter the same context.
          forRoutes: [],
          pinoHttp: terminal ? [pinoOptions, terminal] : pinoOptions,
        }),
      ],
    };
  }
}

export function pinoHttpOptions(env: Environment): Options {
  return {
    level: env.LOG_LEVEL,
    // The serializers are the whole of what a line may say about a request: its id, method and URL (without the
    // secrets some URLs carry), never its headers (cookies, authorisation) or body; of a response only its status.
    // They take the raw objects as they are (no pino-std-serializers copy of every header first to throw away), and
    // there is no `redact`: after these serializers no path it could name is left (pino redacts serialized values).
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: string }) => ({ id: req.id ?? 'unknown', method: req.method, url: redactUrl(req.url ?? '') }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

const SECRET_PARAMS = new Set(['token', 'code', 'state', 'email', 'password', 'id_token', 'access_token']);
/** Any of SECRET_PARAMS as a query's key (any case): only such a query is taken apart and written again. */
const MAY_HOLD_SECRET = /(?:^|&)(?:token|code|state|email|password|id_token|access_token)=/i;
const RESET_LINK = '/password/reset/';

/**
 * URLs are logged without the secrets some of them carry (password-reset links, OAuth callbacks). Every request's line
 * calls this, so an URL with nothing to hide (nearly all) is returned as it came, without a regular expression's
 * replace or a URLSearchParams round trip.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const safePath = path.startsWith(RESET_LINK) ? path.replace(/^(\/password\/reset\/)[^/?#]+/, '$1[redacted]') : path;
  if (mark === -1) return safePath;
  const query = url.slice(mark + 1);
  if (!MAY_HOLD_SECRET.test(query)) return safePath === path ? url : `${safePath}?${query}`;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  return `${safePath}?${params.toString()}`;
}
