import { AdminNewsletterController } from './adapters/http/admin-newsletter.controller.js';
import { NewsletterController } from './adapters/http/newsletter.controller.js';
import { MikroOrmNewsletterRepository } from './adapters/persistence/mikro-orm-newsletter.repository.js';
import { NewsletterAdminService } from './application/newsletter-admin.service.js';
import { NewsletterService } from './application/newsletter.service.js';
import { NEWSLETTER_REPOSITORY } from './application/ports/newsletter-repository.port.js';
import type { FeatureSlice } from '../../platform/feature-slice.js';
import { NewsletterSubscriberSchema } from './domain/newsletter-subscriber.entity.js';

export const newsletterFeature: FeatureSlice = {
  controllers: [NewsletterController, AdminNewsletterController],
  providers: [NewsletterService, NewsletterAdminService, { provide: NEWSLETTER_REPOSITORY, useClass: MikroOrmNewsletterRepository }],
  exports: [NewsletterService, NewsletterAdminService],
  entities: [NewsletterSubscriberSchema],
};
