import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Observable, tap } from 'rxjs';
import { CatalogueService } from '../../application/catalogue.service.js';

/**
 * After a successful change through the admin catalogue API, drops what the storefront caches (category counts,
 * brands, facet counts, list pages, product pages) in this process, so staff see their change at once (other
 * instances catch up within the cache's 30 seconds).
 */
@Injectable()
export class ForgetCachedLists implements NestInterceptor {
  constructor(private readonly catalogue: CatalogueService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<FastifyRequest>().method;
    if (method === 'GET' || method === 'HEAD') return next.handle();
    return next.handle().pipe(tap(() => this.catalogue.forgetCachedLists()));
  }
}
