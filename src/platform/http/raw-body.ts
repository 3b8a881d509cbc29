import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_TOO_DEEP, jsonNestsDeeperThan, MAX_JSON_NESTING } from './json-nesting.js';

export type RequestWithRawBody = FastifyRequest & { rawBody?: string };

/**
 * Keeps the exact JSON text of the requests `wanted` picks (payment webhooks, whose signature is over the bytes
 * sent, not over our re-serialisation of them). Every JSON body is still parsed by Fastify's own parser, with
 * the same prototype-poisoning refusals and body limit; other routes never hold their raw text. Every JSON body is
 * also refused (400, like malformed JSON: it is never parsed) when it nests deeper than MAX_JSON_NESTING (ADR 0034).
 */
export function keepRawJsonBody(fastify: FastifyInstance, wanted: (url: string) => boolean): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_NESTING)) {
      done(Object.assign(new Error(JSON_TOO_DEEP), { statusCode: 400 }), undefined);
      return;
    }
    if (wanted(request.url)) (request as RequestWithRawBody).rawBody = body as string;
    parseJson(request, body as string, done);
  });
}

/** `/api/payments/{provider}/webhook`: the routes whose raw body is kept. */
export const isPaymentWebhook = (url: string): boolean => /^\/api\/payments\/[a-z]+\/webhook(\?|$)/.test(url);
