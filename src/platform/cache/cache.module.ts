import { type DynamicModule, Module } from '@nestjs/common';
import type { Environment } from '../../config/environment.js';
import { StorefrontChangesRelay } from './storefront-changes.relay.js';

/**
 * Cross-process cache invalidation. With a PostgreSQL server, every process (web instances, the worker, CLI
 * commands) relays its storefront changes to the others; the embedded database allows one process, so there is
 * nobody to tell.
 */
@Module({})
export class CacheModule {
  static forRoot(env: Environment): DynamicModule {
    const databaseUrl = env.DATABASE_URL;
    return {
      module: CacheModule,
      providers: databaseUrl ? [{ provide: StorefrontChangesRelay, useFactory: () => new StorefrontChangesRelay(databaseUrl) }] : [],
      exports: databaseUrl ? [StorefrontChangesRelay] : [],
    };
  }
}
