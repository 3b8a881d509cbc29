import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

const serialised = new WeakMap<object, string>();

/** The JSON text of a value, computed once per object (services hand out the same cached object for a while). */
export function jsonOnce(value: object): string {
  let text = serialised.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialised.set(value, text);
  }
  return text;
}

/**
 * For endpoints whose services answer from a cache with the same object each time (the product list, a
 * product): the JSON text is kept beside the object and sent as is. Serialising a page of 24 cards with
 * facets was ~24% of the CPU of a cached `GET /api/products`. Values must not be changed once returned.
 */
@Injectable()
export class SerializeOnce implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((value: unknown) => {
        if (value === null || typeof value !== 'object') return value;
        void reply.type('application/json; charset=utf-8');
        return jsonOnce(value);
      }),
    );
  }
}
