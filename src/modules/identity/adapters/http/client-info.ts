import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../application/session.service.js';

export function clientOf(request: FastifyRequest): ClientInfo {
  // request.ip honours X-Forwarded-For only from the proxies named in TRUST_PROXY.
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
