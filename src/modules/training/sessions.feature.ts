import type { FeatureSlice } from '../../platform/feature-slice.js';
import { BasketModule } from '../basket/index.js';
import { CatalogueModule } from '../catalogue/index.js';
import { OrdersModule } from '../orders/index.js';
import { AdminSessionsController } from './adapters/http/admin-sessions.controller.js';
import { ProductSessionsController } from './adapters/http/product-sessions.controller.js';
import { WaitingListController } from './adapters/http/waiting-list.controller.js';
import { SqlSessionStore } from './adapters/persistence/sql-session.store.js';
import { SqlWaitingListStore } from './adapters/persistence/sql-waiting-list.store.js';
import { SESSION_STORE } from './application/ports/session-store.port.js';
import { WAITING_LIST_STORE } from './application/ports/waiting-list-store.port.js';
import { SessionAdminService } from './application/sessions/session-admin.service.js';
import { SessionDemoSeeder } from './application/sessions/session-demo.seeder.js';
import { SessionPlaceRefunds } from './application/sessions/session-place-refunds.service.js';
import { SessionPlacesService } from './application/sessions/session-places.service.js';
import { WaitingListService } from './application/sessions/waiting-list.service.js';

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
  controllers: [AdminSessionsController, ProductSessionsController, WaitingListController],
  providers: [
    SessionAdminService, SessionPlacesService, SessionDemoSeeder, { provide: SESSION_STORE, useClass: SqlSessionStore },
    // The waiting list and part refunds of places (ADR 0051); WaitingListService.placesFreed is what frees places calls.
    WaitingListService, SessionPlaceRefunds, { provide: WAITING_LIST_STORE, useClass: SqlWaitingListStore },
  ],
  exports: [SessionAdminService, SessionPlacesService, SessionDemoSeeder, WaitingListService],
  entities: [], // plain SQL (sql-session.store.ts): places are taken by a guarded update
};
