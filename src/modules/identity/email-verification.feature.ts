import type { FeatureSlice } from '../../platform/feature-slice.js';
import { EmailVerificationController } from './adapters/http/email-verification.controller.js';
import { MikroOrmEmailVerificationRepository } from './adapters/persistence/mikro-orm-email-verification.repository.js';
import { EmailVerificationService } from './application/email-verification.service.js';
import { EMAIL_VERIFICATION_REPOSITORY } from './application/ports/email-verification-repository.port.js';
import { EmailVerificationTokenSchema } from './domain/email-verification-token.entity.js';

/** Proving an account's e-mail address: single-use links through the mail queue (ADR 0033). */
export const emailVerificationFeature: FeatureSlice = {
  controllers: [EmailVerificationController],
  providers: [EmailVerificationService, { provide: EMAIL_VERIFICATION_REPOSITORY, useClass: MikroOrmEmailVerificationRepository }],
  exports: [EmailVerificationService],
  entities: [EmailVerificationTokenSchema],
};
