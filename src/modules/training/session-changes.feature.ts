import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { OrdersModule } from '../orders/index.js';
import { AdminSessionChangesController } from './adapters/http/admin-session-changes.controller.js';
import { OrderPlacesController } from './adapters/http/order-places.controller.js';
import { SqlSessionChangeStore } from './adapters/persistence/sql-session-change.store.js';
import { SESSION_CHANGE_STORE } from './application/ports/session-change-store.port.js';
import { PlaceChoiceService } from './application/sessions/place-choice.service.js';
import { SessionChangeService } from './application/sessions/session-change.service.js';

/**
 * Changes to open-course sessions (issue 27, ADR 0050): staff cancel or move a session and its delegates and buyers
 * are told by e-mail; the buyer answers from their order page with another date (a transfer) or a refund.
 */
export const sessionChangesFeature: FeatureSlice = {
  imports: [
    OrdersModule, // CustomerRefunds: the refund's credit note
    CatalogueModule, // StockService.describe: the course's name in the e-mails
    IdentityModule, // AccountService: the buyer's e-mail address
  ],
  controllers: [AdminSessionChangesController, OrderPlacesController],
  providers: [
    SessionChangeService, PlaceChoiceService,
    // SESSION_STORE comes from sessions.feature.ts (one module: the slices share their providers).
    { provide: SESSION_CHANGE_STORE, useClass: SqlSessionChangeStore },
  ],
  exports: [PlaceChoiceService],
  entities: [], // plain SQL (sql-session-change.store.ts): places move with the checkout's guarded update
};
