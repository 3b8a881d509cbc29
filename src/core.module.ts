import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { Environment } from './config/environment.js';
import { SHOP_MODULES } from './modules/index.js';
import { CacheModule } from './platform/cache/cache.module.js';
import { MailModule } from './platform/mail/mail.module.js';
import { PersistenceModule } from './platform/persistence/persistence.module.js';
import { QueueModule, queueEntities } from './platform/queue/queue.module.js';
import { RateLimitModule } from './platform/rate-limit/index.js';
import { StorageModule } from './platform/storage/index.js';
import { cacheValidationMetadata } from './platform/http/validation-metadata-cache.js';

/** Everything but the HTTP edge: what the web server and the command line both run. */
@Module({})
export class CoreModule {
  static forRoot(env: Environment): DynamicModule {
    // Every request body and query, and every row of a user import, is validated by class-validator: look each
    // class's rules up once (ADR 0080).
    cacheValidationMetadata();
    const modules = SHOP_MODULES.map((definition) => definition.module);
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(env),
        PersistenceModule.forRoot(env, [...SHOP_MODULES.flatMap((definition) => definition.entities), ...queueEntities]),
        QueueModule.forRoot(env),
        CacheModule.forRoot(env),
        MailModule.forRoot(env),
        StorageModule.forRoot(env),
        RateLimitModule,
        ...modules,
      ],
      exports: modules,
    };
  }
}
