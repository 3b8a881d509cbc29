import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { accountsFeature } from './accounts.feature.js';
import { SessionGuard } from './adapters/http/session.guard.js';
import { emailVerificationFeature } from './email-verification.feature.js';
import { oauthFeature } from './oauth.feature.js';
import { passwordResetFeature } from './password-reset.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const identityFeatures = [accountsFeature, passwordResetFeature, emailVerificationFeature, oauthFeature];

@Module(moduleOf(identityFeatures))
export class IdentityModule {}

/** The session guard runs before every route of the web server (API and pages); not in the CLI. */
@Module({ imports: [IdentityModule], providers: [{ provide: APP_GUARD, useClass: SessionGuard }] })
export class IdentityHttpModule {}
