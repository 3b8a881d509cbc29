import type { FeatureSlice } from '../../platform/feature-slice.js';
import { BasketModule } from '../basket/index.js';
import { CatalogueModule } from '../catalogue/index.js';
import { OrdersModule } from '../orders/index.js';
import { AdminSessionsController } from './adapters/http/admin-sessions.controller.js';
import { ProductSessionsController } from './adapters/http/product-sessions.controller.js';
import { SqlSessionStore } from './adapters/persistence/sql-session.store.js';
import { SESSION_STORE } from './application/ports/session-store.port.js';
import { SessionAdminService } from './application/sessions/session-admin.service.js';
import { SessionDemoSeeder } from './application/sessions/session-demo.seeder.js';
import { SessionPlacesService } from './application/sessions/session-places.service.js';

/**
 * Open-course sessions and places (issue 27, ADR 0046): staff's sessions of `course` options, the public list of
 * upcoming dates, the basket's booking of a session, places taken at checkout and given back on cancel or refund.
 */
export const sessionsFeature: FeatureSlice = {
  imports: [
    OrdersModule, // OrderTransitionSubscribers: places are taken and given back inside the order's change
    BasketModule, // BasketBookings: a course line's session is this module's booking
    CatalogueModule, // StockService.describe: the option's kind, product and names
  ],
  controllers: [AdminSessionsController, ProductSessionsController],
  providers: [SessionAdminService, SessionPlacesService, SessionDemoSeeder, { provide: SESSION_STORE, useClass: SqlSessionStore }],
  exports: [SessionAdminService, SessionPlacesService, SessionDemoSeeder],
  entities: [], // plain SQL (sql-session.store.ts): places are taken by a guarded update
};
