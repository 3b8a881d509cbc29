import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import type { Environment } from './config/environment.js';
import { CoreModule } from './core.module.js';
import { IdentityHttpModule } from './modules/identity/index.js';
import { SHOP_MODULES } from './modules/index.js';
import { HealthModule } from './platform/health/health.module.js';
import { FaviconModule } from './platform/http/favicon.controller.js';
import { HttpExceptionFilter } from './platform/http/http-exception.filter.js';
import { createValidationPipe } from './platform/http/request-validation.js';
import { LoggingModule } from './platform/logging/logging.module.js';
import { buildPageServices } from './platform/shop-module.js';
import type { PageServices } from './platform/ssr/page-context.js';
import { SsrModule } from './platform/ssr/ssr.module.js';

/** The web server: the core plus the HTTP edge (API controllers, health, SSR pages). */
@Module({})
export class AppModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot(env),
        CoreModule.forRoot(env),
        IdentityHttpModule,
        HealthModule,
        FaviconModule,
        SsrModule.register({
          imports: SHOP_MODULES.map((definition) => definition.module),
          inject: SHOP_MODULES.flatMap((definition) => definition.pageServices?.inject ?? []),
          useFactory: (...services: unknown[]) => buildPageServices(SHOP_MODULES, services) as PageServices,
        }),
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
