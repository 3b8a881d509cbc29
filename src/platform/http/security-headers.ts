import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomToken } from './random-tokens.js';

export type CspDirectives = Record<string, string[]>;

/** The nonce of this response, for the page's own <script> and <style> elements (same shape @fastify/helmet used). */
export type ReplyWithNonce = FastifyReply & { cspNonce?: { script: string; style: string } };

const NONCE = '\u0000nonce\u0000';

/**
 * Helmet's headers, computed once: its middleware runs at start-up against a recorder instead of on every
 * request. Helmet stays the source of the values; none of them depends on the request.
 */
export function staticHelmetHeaders(options: Omit<HelmetOptions, 'contentSecurityPolicy'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet({ ...options, contentSecurityPolicy: false } as HelmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously'); // guards a future helmet that goes async
  return headers;
}

/** The CSP header as text, with script-src and style-src admitting `nonce`. */
export function cspWithNonce(directives: CspDirectives, nonce: string): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const all = name === 'script-src' || name === 'style-src' ? [...values, `'nonce-${nonce}'`] : values;
      return all.length ? `${name} ${all.join(' ')}` : name;
    })
    .join('; ');
}

/**
 * Every answer gets the security headers; with `csp` set, also a Content-Security-Policy whose script-src and
 * style-src admit this response's nonce (`reply.cspNonce`), which the SSR page puts on its own elements.
 * The policy text is joined once; per request only the nonce is spliced in.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: { helmet: Omit<HelmetOptions, 'contentSecurityPolicy'>; csp: CspDirectives | null }): void {
  const fixed = staticHelmetHeaders(options.helmet);
  const cspParts = options.csp ? cspWithNonce(options.csp, NONCE).split(NONCE) : null;
  fastify.decorateReply('cspNonce', null);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(fixed);
    if (cspParts) {
      const nonce = randomToken(16);
      (reply as ReplyWithNonce).cspNonce = { script: nonce, style: nonce };
      void reply.header('content-security-policy', cspParts.join(nonce));
    }
    done();
  });
}
