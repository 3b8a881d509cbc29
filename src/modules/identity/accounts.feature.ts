import type { FeatureSlice } from '../../platform/feature-slice.js';
import { AccountController } from './adapters/http/account.controller.js';
import { AdminUsersController } from './adapters/http/admin-users.controller.js';
import { AuthController } from './adapters/http/auth.controller.js';
import { MikroOrmSessionRepository } from './adapters/persistence/mikro-orm-session.repository.js';
import { MikroOrmUserRepository } from './adapters/persistence/mikro-orm-user.repository.js';
import { AccountService } from './application/account.service.js';
import { AuthService } from './application/auth.service.js';
import { SESSION_REPOSITORY } from './application/ports/session-repository.port.js';
import { USER_REPOSITORY } from './application/ports/user-repository.port.js';
import { SessionService } from './application/session.service.js';
import { SignInThrottle } from './application/sign-in-throttle.js';
import { UserAdministrationService } from './application/user-administration.service.js';
import { UserDirectory } from './application/user-directory.service.js';
import { UserImportService } from './application/user-import.service.js';
import { SessionSchema } from './domain/session.entity.js';
import { UserSchema } from './domain/user.entity.js';

/** Accounts: registration, sign-in and sessions, the customer's profile, and users as staff see them. */
const services = [AuthService, AccountService, SessionService, UserAdministrationService, UserDirectory, UserImportService];

export const accountsFeature: FeatureSlice = {
  controllers: [AuthController, AccountController, AdminUsersController],
  providers: [
    ...services,
    SignInThrottle,
    { provide: USER_REPOSITORY, useClass: MikroOrmUserRepository },
    { provide: SESSION_REPOSITORY, useClass: MikroOrmSessionRepository },
  ],
  exports: services,
  entities: [UserSchema, SessionSchema],
};
