import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../shared/pagination.js';

/**
 * Paging in headers, for a list whose body must stay a bare array (a fixed contract): `X-Total-Count` and an
 * RFC 8288 `Link` with `first`, `prev`, `next` and `last`. Each target is the request's own path and query with
 * `page` and `per_page` set, as a relative reference (RFC 8288 §3.1: resolved against the request's address).
 * No `rel="next"` means the caller has every row.
 */
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, meta: Page<unknown>['meta']): void {
  const url = new URL(request.url, 'http://request.invalid');
  const target = (page: number) => {
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(meta.per_page));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [`${target(1)}; rel="first"`];
  if (meta.page > 1) links.push(`${target(Math.min(meta.page - 1, meta.last_page))}; rel="prev"`);
  if (meta.page < meta.last_page) links.push(`${target(meta.page + 1)}; rel="next"`);
  links.push(`${target(meta.last_page)}; rel="last"`);
  reply.header('x-total-count', String(meta.total));
  reply.header('link', links.join(', '));
}
