import type { FeatureSlice } from '../../platform/feature-slice.js';
import { OAuthController } from './adapters/http/oauth.controller.js';
import { OpenIdClientAdapter } from './adapters/oidc/openid-client.adapter.js';
import { MikroOrmOAuthIdentityRepository } from './adapters/persistence/mikro-orm-oauth-identity.repository.js';
import { OAuthService } from './application/oauth.service.js';
import { OAUTH_IDENTITY_REPOSITORY } from './application/ports/oauth-identity-repository.port.js';
import { OIDC_CLIENT } from './application/ports/oidc-client.port.js';
import { OAuthIdentitySchema } from './domain/oauth-identity.entity.js';

/** Signing in with an external provider (OpenID Connect), linked to accounts by verified e-mail. */
export const oauthFeature: FeatureSlice = {
  controllers: [OAuthController],
  providers: [
    OAuthService,
    { provide: OAUTH_IDENTITY_REPOSITORY, useClass: MikroOrmOAuthIdentityRepository },
    { provide: OIDC_CLIENT, useClass: OpenIdClientAdapter },
  ],
  exports: [OAuthService],
  entities: [OAuthIdentitySchema],
};
