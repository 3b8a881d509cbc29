import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { OrdersModule } from '../orders/index.js';
import { LearnController } from './adapters/http/learn.controller.js';
import { LicencesController } from './adapters/http/licences.controller.js';
import { SqlLicenceStore } from './adapters/persistence/sql-licence.store.js';
import { LearnerService } from './application/learner.service.js';
import { LicenceIssuer } from './application/licence-issuer.service.js';
import { LicenceService } from './application/licence.service.js';
import { LICENCE_STORE } from './application/ports/licence-store.port.js';

/**
 * Licences, seats and learners (issue 26, ADR 0040): licences from paid or on-account orders (a subscriber of the
 * order process), the buyer's invitations, the learner's acceptance and list of courses.
 */
export const licencesFeature: FeatureSlice = {
  imports: [
    OrdersModule, // OrderTransitionSubscribers: licences are issued and revoked inside the order's change
    CatalogueModule, // StockService.describe: an option's seats and its product's slug and title
    IdentityModule, // UserDirectory: who invited a learner
  ],
  controllers: [LicencesController, LearnController],
  providers: [LicenceIssuer, LicenceService, LearnerService, { provide: LICENCE_STORE, useClass: SqlLicenceStore }],
  exports: [LicenceService, LearnerService],
  entities: [], // plain SQL (sql-licence.store.ts): seats are counted under the licence's row lock
};
