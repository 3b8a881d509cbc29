import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountController } from './adapters/http/account.controller.js';
import { AdminUsersController } from './adapters/http/admin-users.controller.js';
import { AuthController } from './adapters/http/auth.controller.js';
import { OAuthController } from './adapters/http/oauth.controller.js';
import { PasswordResetController } from './adapters/http/password-reset.controller.js';
import { SessionGuard } from './adapters/http/session.guard.js';
import { OpenIdClientAdapter } from './adapters/oidc/openid-client.adapter.js';
import { MikroOrmOAuthIdentityRepository } from './adapters/persistence/mikro-orm-oauth-identity.repository.js';
import { MikroOrmPasswordResetRepository } from './adapters/persistence/mikro-orm-password-reset.repository.js';
import { MikroOrmSessionRepository } from './adapters/persistence/mikro-orm-session.repository.js';
import { MikroOrmUserRepository } from './adapters/persistence/mikro-orm-user.repository.js';
import { AccountService } from './application/account.service.js';
import { AuthService } from './application/auth.service.js';
import { OAuthService } from './application/oauth.service.js';
import { PasswordResetService } from './application/password-reset.service.js';
import { OAUTH_IDENTITY_REPOSITORY } from './application/ports/oauth-identity-repository.port.js';
import { OIDC_CLIENT } from './application/ports/oidc-client.port.js';
import { PASSWORD_RESET_REPOSITORY } from './application/ports/password-reset-repository.port.js';
import { SESSION_REPOSITORY } from './application/ports/session-repository.port.js';
import { USER_REPOSITORY } from './application/ports/user-repository.port.js';
import { SessionService } from './application/session.service.js';
import { UserAdministrationService } from './application/user-administration.service.js';
import { UserDirectory } from './application/user-directory.service.js';

const services = [AuthService, AccountService, SessionService, PasswordResetService, OAuthService, UserAdministrationService, UserDirectory];

@Module({
  controllers: [AuthController, AccountController, PasswordResetController, OAuthController, AdminUsersController],
  providers: [
    ...services,
    { provide: USER_REPOSITORY, useClass: MikroOrmUserRepository },
    { provide: SESSION_REPOSITORY, useClass: MikroOrmSessionRepository },
    { provide: PASSWORD_RESET_REPOSITORY, useClass: MikroOrmPasswordResetRepository },
    { provide: OAUTH_IDENTITY_REPOSITORY, useClass: MikroOrmOAuthIdentityRepository },
    { provide: OIDC_CLIENT, useClass: OpenIdClientAdapter },
  ],
  exports: services,
})
export class IdentityModule {}

/** The session guard runs before every route of the web server (API and pages); not in the CLI. */
@Module({ imports: [IdentityModule], providers: [{ provide: APP_GUARD, useClass: SessionGuard }] })
export class IdentityHttpModule {}
