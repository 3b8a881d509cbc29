import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Environment } from '../../config/environment.js';
import { WEB_BUILD_DIR } from '../../config/project-root.js';
import { registerSecurityHeaders } from './security-headers.js';
import { useHostPrefixedCookies } from './cookie-names.js';
import { issueXsrfCookie, type XsrfBindings } from './xsrf.js';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The security baseline every module inherits: security headers with a nonce-based CSP, no caching of
 * API answers, and a static file server that only ever exposes the built client assets.
 */
/**
 * What the HTTP layer needs from identity and the basket without depending on them: the session cookie's and the
 * guest basket cookie's values of a request (the XSRF token is bound to one of them).
 */
export type HttpSessionReader = XsrfBindings;

export async function hardenHttp(app: NestFastifyApplication, env: Environment, sessions: HttpSessionReader): Promise<void> {
  const https = env.publicUrl.startsWith('https://');
  useHostPrefixedCookies(https);
  const development = env.NODE_ENV === 'development';

  const fastify = app.getHttpAdapter().getInstance();
  registerSecurityHeaders(fastify, {
    helmet: {
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The same answer as the CSP's frame-ancestors 'none' (issue 25), for browsers that only read this header:
      // nothing of the shop is framed, by itself or anyone (the previews embed YouTube and Vimeo, not us).
      frameguard: { action: 'deny' },
      xPoweredBy: true, // removes the header
    },
    // Vite's dev client needs inline scripts and a websocket; the CSP is enforced everywhere else.
    csp: development
      ? null
      : {
          'default-src': ["'self'"],
          'script-src': ["'self'"], // + this response's nonce
          'style-src': ["'self'"], // + the same nonce
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          // The portal's Course tab reads a chosen film's length from a local blob: URL before uploading it (ADR 0041).
          'media-src': ["'self'", 'blob:'],
          // Preview videos hosted on YouTube or Vimeo play in their privacy-friendly embeds (catalogue ADR 0012).
          'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
  });

  await app.register(fastifyCookie);
  fastify.addHook('onRequest', issueXsrfCookie(https, sessions));
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Default for every API answer; an endpoint whose answer is the same for everyone may relax it.
    if (isApi(request.url)) void reply.header('cache-control', 'no-store');
  });

  const clientDir = path.join(WEB_BUILD_DIR, 'client');
  if (!development && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file, found at start-up: nothing else on disk (sources, config, DATA_DIR,
      // source maps, Vite's manifest in .vite/) can ever be reached.
      wildcard: false,
      globIgnore: ['**/.*', '**/.*/**', '**/*.map', '**/*.br', '**/*.gz'],
      // The build's brotli and gzip copies (scripts/precompress.mjs), sent to browsers that accept them: a phone on a
      // slow network waited for ~450 kB of uncompressed JavaScript and CSS before a page could start (ADR 0058).
      preCompressed: true,
      index: false,
      serveDotFiles: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
}
