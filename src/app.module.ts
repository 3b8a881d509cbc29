import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import type { Environment } from './config/environment.js';
import { CoreModule } from './core.module.js';
import { BasketModule, BasketService, basketTokenOf } from './modules/basket/index.js';
import { CatalogueModule, CatalogueService, PreviewService, ProductViewService } from './modules/catalogue/index.js';
import { BlogService, ContentModule, NewsletterService, SeoService, WidgetService } from './modules/content/index.js';
import { AccountService, IdentityHttpModule, IdentityModule, OAuthService } from './modules/identity/index.js';
import { CheckoutService, OrderService, OrdersModule } from './modules/orders/index.js';
import { HealthModule } from './platform/health/health.module.js';
import { FaviconModule } from './platform/http/favicon.controller.js';
import { HttpExceptionFilter } from './platform/http/http-exception.filter.js';
import { createValidationPipe } from './platform/http/request-validation.js';
import { LoggingModule } from './platform/logging/logging.module.js';
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
          imports: [ContentModule, IdentityModule, CatalogueModule, BasketModule, OrdersModule],
          inject: [WidgetService, AccountService, OAuthService, SeoService, BlogService, NewsletterService, CatalogueService, ProductViewService, PreviewService, BasketService, CheckoutService, OrderService],
          useFactory: (
            widgets: WidgetService,
            account: AccountService,
            oauth: OAuthService,
            seo: SeoService,
            blog: BlogService,
            newsletter: NewsletterService,
            catalogue: CatalogueService,
            productViews: ProductViewService,
            previews: PreviewService,
            basket: BasketService,
            checkout: CheckoutService,
            orders: OrderService,
          ): PageServices => ({
            widgets,
            account,
            oauth,
            seo,
            blog,
            newsletter,
            catalogue,
            productViews,
            previews,
            basket: { get: (visitor) => basket.get(visitor), guestToken: basketTokenOf },
            checkout,
            orders,
          }),
        }),
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
