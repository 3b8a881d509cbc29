import { AdminEnquiryController, AdminEnquiryCsvController, EnquiryController } from './adapters/http/enquiry.controller.js';
import { MikroOrmEnquiryRepository } from './adapters/persistence/mikro-orm-enquiry.repository.js';
import { EnquiryService } from './application/enquiry.service.js';
import { ENQUIRY_REPOSITORY } from './application/ports/enquiry-repository.port.js';
import type { FeatureSlice } from '../../platform/feature-slice.js';
import { EnquirySchema } from './domain/enquiry.entity.js';

export const enquiriesFeature: FeatureSlice = {
  controllers: [EnquiryController, AdminEnquiryController, AdminEnquiryCsvController],
  providers: [EnquiryService, { provide: ENQUIRY_REPOSITORY, useClass: MikroOrmEnquiryRepository }],
  exports: [EnquiryService],
  entities: [EnquirySchema],
};
