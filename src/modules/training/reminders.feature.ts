import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { IdentityModule } from '../identity/index.js';
import { SqlReminderStore } from './adapters/persistence/sql-reminder.store.js';
import { REMINDER_STORE } from './application/ports/reminder-store.port.js';
import { RefresherReminders } from './application/refresher-reminders.service.js';

/**
 * Refresher reminders (issue 26, ADR 0052): an hourly job on the durable queue e-mails the learner and the buyer
 * 30 days before a certificate expires, once, with a link to buy refresher seats.
 */
export const remindersFeature: FeatureSlice = {
  imports: [
    CatalogueModule, // StockService.describe: the licence option's product slug, for the refresher link
    IdentityModule, // AccountService.getProfile: the buyer's address and first name
  ],
  controllers: [],
  providers: [RefresherReminders, { provide: REMINDER_STORE, useClass: SqlReminderStore }],
  exports: [RefresherReminders],
  entities: [],
};
