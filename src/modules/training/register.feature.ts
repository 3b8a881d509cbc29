import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { AdminRegisterController } from './adapters/http/admin-register.controller.js';
import { SqlRegisterStore } from './adapters/persistence/sql-register.store.js';
import { REGISTER_STORE } from './application/ports/register-store.port.js';
import { RegisterService } from './application/register/register.service.js';

/**
 * Open-course registers (issue 27, ADR 0049): staff's register of a session's places and delegates, attendance that
 * issues certificates (the certificates slice) and e-mails them; the buyer's training records list them (records slice).
 */
export const registerFeature: FeatureSlice = {
  imports: [CatalogueModule], // ProductAdminService: the course's title and accreditation when it has no online content
  controllers: [AdminRegisterController],
  providers: [RegisterService, { provide: REGISTER_STORE, useClass: SqlRegisterStore }],
  exports: [],
  entities: [],
};
