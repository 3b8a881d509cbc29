import { errorCodes, type FastifyInstance } from 'fastify';

/**
 * RFC 8058 one-click unsubscribe: a mail provider POSTs `List-Unsubscribe=One-Click` as a urlencoded form to the
 * address in the message's `List-Unsubscribe` header. The shop takes JSON only (a cross-site form must never reach
 * a route: login CSRF), so forms are accepted on the routes `wanted` names alone, their body read (≤ 1 KB) and
 * dropped; every other route still answers 415 exactly as before.
 */
export function acceptOneClickForms(fastify: FastifyInstance, wanted: (url: string) => boolean): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
    if (wanted(request.url)) done(null, {});
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('application/x-www-form-urlencoded'), undefined);
  });
}

/** `/api/newsletter/unsubscribe/{token}`: the newsletter's one-click address. */
export const isOneClickUnsubscribe = (url: string): boolean => /^\/api\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+$/.test(url);
