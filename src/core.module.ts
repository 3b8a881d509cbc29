import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { Environment } from './config/environment.js';
import { BasketModule, basketEntities } from './modules/basket/index.js';
import { CatalogueModule, catalogueEntities } from './modules/catalogue/index.js';
import { ContentModule, contentEntities } from './modules/content/index.js';
import { IdentityModule, identityEntities } from './modules/identity/index.js';
import { OrdersModule, ordersEntities } from './modules/orders/index.js';
import { MailModule } from './platform/mail/mail.module.js';
import { PersistenceModule } from './platform/persistence/persistence.module.js';
import { QueueModule, queueEntities } from './platform/queue/queue.module.js';
import { RateLimitModule } from './platform/rate-limit/index.js';
import { StorageModule } from './platform/storage/index.js';

/** Everything but the HTTP edge: what the web server and the command line both run. */
@Module({})
export class CoreModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(env),
        PersistenceModule.forRoot(env, [...contentEntities, ...identityEntities, ...catalogueEntities, ...basketEntities, ...ordersEntities, ...queueEntities]),
        QueueModule.forRoot(env),
        MailModule.forRoot(env),
        StorageModule.forRoot(env),
        RateLimitModule,
        ContentModule,
        IdentityModule,
        CatalogueModule,
        BasketModule,
        OrdersModule,
      ],
      exports: [ContentModule, IdentityModule, CatalogueModule, BasketModule, OrdersModule],
    };
  }
}
