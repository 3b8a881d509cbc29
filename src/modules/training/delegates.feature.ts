import type { FeatureSlice } from '../../platform/feature-slice.js';
import { OrdersModule } from '../orders/index.js';
import { DelegatesController } from './adapters/http/delegates.controller.js';
import { SqlDelegateStore } from './adapters/persistence/sql-delegate.store.js';
import { DelegateReminders } from './application/delegates/delegate-reminders.job.js';
import { DelegateService } from './application/delegates/delegate.service.js';
import { JoiningInstructions } from './application/delegates/joining-instructions.js';
import { DELEGATE_STORE } from './application/ports/delegate-store.port.js';

/**
 * Delegates of open-course places (issue 27, ADR 0048): the buyer names a person per place on their order, each gets
 * joining instructions with an .ics, and a recurring job reminds them 2 days before. The order view shows the places
 * through orders' OrderViewAddons.
 */
export const delegatesFeature: FeatureSlice = {
  imports: [
    OrdersModule, // OrderService.findForCustomer (ownership, the order's company and number), OrderViewAddons (`places`)
  ],
  controllers: [DelegatesController],
  providers: [DelegateService, DelegateReminders, JoiningInstructions, { provide: DELEGATE_STORE, useClass: SqlDelegateStore }],
  exports: [DelegateService, DelegateReminders],
  entities: [], // plain SQL (sql-delegate.store.ts): sends are claimed by guarded updates
};
