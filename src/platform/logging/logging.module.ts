import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import type { Options } from 'pino-http';
import type { Environment } from '../../config/environment.js';
import { terminalLogDestination } from './terminal-log-format.js';

/**
 * JSON logs through pino. pino-http binds a child logger to each request, so every line logged while a
 * request runs (by Nest's Logger anywhere in the code) carries `req.id`, the same id the client gets
 * back in `X-Request-Id`. On a terminal the lines are printed readably instead (terminal-log-format.ts).
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
          // nestjs-pino's default route pattern is Express 5's; on Fastify (middie) it matches nothing.
          forRoutes: [{ path: '*', method: RequestMethod.ALL }],
          pinoHttp: terminal ? [pinoOptions, terminal] : pinoOptions,
        }),
      ],
    };
  }
}

function pinoHttpOptions(env: Environment): Options {
  return {
    level: env.LOG_LEVEL,
    // Fastify has already chosen the id (see createShopApp); pino-http reuses it.
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? 'unknown',
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
    // A client's mistake is worth a warning, our own failure an error; 503 (database down, shutting down)
    // is a passing state that readiness reports, not a failure of ours: a warning too.
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  };
}

const SECRET_PARAMS = new Set(['token', 'code', 'state', 'email', 'password', 'id_token', 'access_token']);

/** URLs are logged without the secrets some of them carry (password-reset links, OAuth callbacks). */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/^(\/password\/reset\/)[^/?#]+/, '$1[redacted]');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  return `${safePath}?${params.toString()}`;
}
