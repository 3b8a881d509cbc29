import type { FeatureSlice } from '../../platform/feature-slice.js';
import { PasswordResetController } from './adapters/http/password-reset.controller.js';
import { MikroOrmPasswordResetRepository } from './adapters/persistence/mikro-orm-password-reset.repository.js';
import { PASSWORD_RESET_REPOSITORY } from './application/ports/password-reset-repository.port.js';
import { PasswordResetService } from './application/password-reset.service.js';
import { PasswordResetTokenSchema } from './domain/password-reset-token.entity.js';

/** "Forgot password": single-use, short-lived reset links sent through the mail queue. */
export const passwordResetFeature: FeatureSlice = {
  controllers: [PasswordResetController],
  providers: [PasswordResetService, { provide: PASSWORD_RESET_REPOSITORY, useClass: MikroOrmPasswordResetRepository }],
  exports: [PasswordResetService],
  entities: [PasswordResetTokenSchema],
};
