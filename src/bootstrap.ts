import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { logEachRequest } from './platform/logging/request-log.js';
import { QuietStartLogger } from './platform/logging/quiet-start-logger.js';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module.js';
import type { Environment } from './config/environment.js';
import { hardenHttp } from './platform/http/http-hardening.js';
import { closeConnectionsWhileDraining } from './platform/http/graceful-shutdown.js';
import { ShutdownState } from './platform/health/shutdown-state.js';
import { sessionCookieOf } from './modules/identity/index.js';
import { basketTokenOf } from './modules/basket/index.js';
import { entityManagerPerRequest } from './platform/persistence/index.js';
import { serveOpenApiDocument } from './platform/http/open-api.js';
import { isPaymentWebhook, keepRawJsonBody } from './platform/http/raw-body.js';
import { acceptOneClickForms, isOneClickUnsubscribe } from './platform/http/one-click-forms.js';
import { registerUploads, uploadSpoolDirectory } from './platform/http/uploads.js';
import { mountViteDevServer } from './platform/ssr/vite-dev-server.js';
import { withoutCookiesOnMedia } from './platform/storage/media.controller.js';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** A caller's X-Request-Id is kept when it is short and plain (for tracing across services); else a new one. */
function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  (raw as IncomingMessage & { id?: string }).id = id; // the request log's serializer reads it from here
  return id;
}

/** Builds the whole web application, ready to listen; main.ts and the tests both call this. */
export async function createShopApp(env: Environment): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    logger: false, // pino through nestjs-pino; every request is logged by logEachRequest's hooks
    bodyLimit: 1_048_576,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Only named proxies may tell us the client's address (X-Forwarded-For); by default nobody can.
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    genReqId: requestIdFor,
    // The port is closed and the requests in flight drained before Fastify's own close (graceful-shutdown.ts);
    // a request that still arrives on an open connection then is answered 503, to go elsewhere.
    return503OnClosing: true,
  });
  // abortOnError: false lets start-up failures reach main.ts, which prints a clear message and exits 1.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Only JSON bodies (Fastify's own parser): a cross-site HTML form can send urlencoded, multipart or
    // text/plain without a CORS preflight, which would let another site sign a visitor in (login CSRF).
    // Multipart is registered below but only ever read by the upload routes: other routes see no body, so their
    // request DTOs refuse it (422) and nothing in a form can sign anybody in.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // First, so the lines of every later hook (rate limits, sessions) carry the request's id.
  logEachRequest(fastify, await app.resolve(PinoLogger));
  fastify.removeContentTypeParser('text/plain');
  keepRawJsonBody(fastify, isPaymentWebhook);
  acceptOneClickForms(fastify, isOneClickUnsubscribe);
  fastify.addHook('onRequest', entityManagerPerRequest(app.get(MikroORM)));
  closeConnectionsWhileDraining(fastify, app.get(ShutdownState));
  app.useLogger(new QuietStartLogger(app.get(Logger)));

  await hardenHttp(app, env, { sessionTokenOf: sessionCookieOf, basketTokenOf: (request) => basketTokenOf(request.cookies) });
  await registerUploads(fastify, { spoolDirectory: uploadSpoolDirectory(env) });
  // After the cookie plugin's own onSend hook (hooks run in the order they were added).
  fastify.addHook('onSend', withoutCookiesOnMedia);
  if (!env.isProduction) serveOpenApiDocument(app);
  if (env.NODE_ENV === 'development') {
    const closeVite = await mountViteDevServer(app);
    fastify.addHook('onClose', closeVite);
  }
  await app.init();
  return app;
}
