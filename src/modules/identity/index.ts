/** The identity module's public face: other modules, web/ and cli/ import only from here. */
import { IdentityModule, identityFeatures } from './identity.module.js';
import { AccountService } from './application/account.service.js';
import { EmailVerificationService } from './application/email-verification.service.js';
import { OAuthService, type OAuthProviderView } from './application/oauth.service.js';
import { shopModule } from '../../platform/shop-module.js';

export { IdentityModule, IdentityHttpModule } from './identity.module.js';
export { AccountService } from './application/account.service.js';
export { UserAdministrationService } from './application/user-administration.service.js';
export { UserDirectory } from './application/user-directory.service.js';
export { UserImportService } from './application/user-import.service.js';
/** The columns and row rules of `shop users:import` (the API's profile rules, applied to CSV cells). */
export { parseUserImportRow, readUserImportHeader } from './adapters/csv/user-import-row.js';
export type { UserView } from './application/user-view.js';
export { AdminController, Authenticated, CurrentViewer } from './adapters/http/access.js';
export { sessionCookieOf } from './adapters/http/session-cookie.js';
/** The UK address rules of the profile, for other modules' requests (the checkout's addresses). */
export { AddressRequest } from './adapters/http/identity.requests.js';

const identityEntities = identityFeatures.flatMap((f) => f.entities);

/** What storefront pages may call of identity, in-process. */
interface IdentityPageServices {
  account: Pick<AccountService, 'getProfile' | 'listSessions'>;
  oauth: { providers(): OAuthProviderView[] } & Pick<OAuthService, 'connectedProviders'>;
  /** The `/verify-email?token=…` page looks the link up (read-only); its button confirms through the API. */
  emailVerification: Pick<EmailVerificationService, 'inspect'>;
}

export const identityShopModule = shopModule({
  module: IdentityModule,
  entities: identityEntities,
  pageServices: {
    inject: [AccountService, OAuthService, EmailVerificationService],
    build: (account: AccountService, oauth: OAuthService, emailVerification: EmailVerificationService): IdentityPageServices => ({ account, oauth, emailVerification }),
  },
});
