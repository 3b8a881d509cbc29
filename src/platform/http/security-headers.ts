import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomToken } from './random-tokens.js';

export type CspDirectives = Record<string, string[]>;

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
  return cspWithSources(directives, { scripts: [`'nonce-${nonce}'`], styles: [`'nonce-${nonce}'`] });
}

/** Source expressions added to script-src and to style-src: a nonce, or the hashes of a page's inline elements. */
export interface InlineSources {
  scripts: string[];
  styles: string[];
}

function cspWithSources(directives: CspDirectives, sources: InlineSources): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const added = name === 'script-src' ? sources.scripts : name === 'style-src' ? sources.styles : [];
      const all = [...values, ...added];
      return all.length ? `${name} ${all.join(' ')}` : name;
    })
    .join('; ');
}

const NONCE = '\u0000nonce\u0000';

/**
 * The shop's Content-Security-Policy as header text, in its two forms: admitting one response's nonce (every answer
 * by default), or admitting a page's own inline elements by their hashes (a cached page, whose bytes are the same for
 * every visitor, ADR 0095). The nonce form is joined once, and per response only the nonce is spliced in; the hashes
 * form is written once per cached page.
 */
export class ContentSecurityPolicy {
  private readonly aroundNonce: string[];

  constructor(private readonly directives: CspDirectives) {
    this.aroundNonce = cspWithNonce(directives, NONCE).split(NONCE);
  }

  withNonce(nonce: string): string {
    return this.aroundNonce.join(nonce);
  }

  withHashes(sources: InlineSources): string {
    return cspWithSources(this.directives, sources);
  }
}

/** The reply as the security headers leave it: its nonce, and the policy to answer with in another form. */
export type ReplyWithNonce = FastifyReply & { cspNonce?: { script: string; style: string }; contentSecurityPolicy?: ContentSecurityPolicy | null };

/**
 * Every answer gets the security headers; with `csp` set, also a Content-Security-Policy whose script-src and
 * style-src admit this response's nonce (`reply.cspNonce`), which the SSR page puts on its own elements. A handler
 * that sends the same bytes to everyone may replace it with the hashes form (`reply.contentSecurityPolicy`).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: { helmet: Omit<HelmetOptions, 'contentSecurityPolicy'>; csp: CspDirectives | null }): void {
  const fixed = staticHelmetHeaders(options.helmet);
  const policy = options.csp ? new ContentSecurityPolicy(options.csp) : null;
  fastify.decorateReply('cspNonce', null);
  fastify.decorateReply('contentSecurityPolicy', { getter: () => policy });
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(fixed);
    if (policy) {
      const nonce = randomToken(16);
      (reply as ReplyWithNonce).cspNonce = { script: nonce, style: nonce };
      void reply.header('content-security-policy', policy.withNonce(nonce));
    }
    done();
  });
}
