import { navigate } from 'vike/client/router';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldForm, REMEMBER_ME, useFieldForm } from '../../components/FieldForm.js';
import { useHydrated } from '../../components/FormControls.js';
import type { FieldSpec } from '../../components/forms/form-values.js';
import { Notice } from '../../components/Notice.js';
import { apiFetch } from '../../lib/api.js';
import { isAdminSignInFor } from '../../lib/guards.js';
import { oauthErrorMessage, startOAuth } from '../../lib/oauth.js';
import { landingPageFor, safeRedirectPath, withReturn } from '../../lib/redirect.js';
import { useShell } from '../../lib/shell.js';
import { LEAVING } from '../../lib/use-api-form.js';
import type { Data } from './+data.js';

const FIELDS: FieldSpec[] = [
  { name: 'email', label: 'E-mail address', kind: 'email', required: true, autoComplete: 'username' },
  { name: 'password', label: 'Password', kind: 'password', required: true, autoComplete: 'current-password' },
  REMEMBER_ME,
];

/**
 * Sign-in (seed §2, docs/api/identity.md): `POST /api/login {email, password, remember}`; on success the
 * visitor goes to a safe same-site `?redirect=` path, else to /account. 422 → the reasons next to the
 * fields; 429 → the server's message. One button per configured OAuth provider.
 */
export default function Page() {
  const { providers } = useData<Data>();
  const pageContext = usePageContext();
  const { user } = useShell();
  const hydrated = useHydrated();
  const state = useFieldForm(FIELDS);

  const search = pageContext.urlParsed.search;
  // Where the visitor was going (the checkout, say); without one, staff land in the portal, customers on /account.
  const returnTo = safeRedirectPath(search.redirect);
  const oauthError = search.oauth_error !== undefined ? oauthErrorMessage(search.oauth_error, providers.map((p) => p.name)) : null;
  const adminSignIn = isAdminSignInFor(pageContext);

  async function signIn(): Promise<typeof LEAVING> {
    // A non-admin sent here by the admin guard signs in as someone else: end their own session first.
    if (user) await apiFetch('/api/logout', { method: 'POST' }).catch(() => undefined);
    const signedIn = await apiFetch<{ user?: { role?: string } }>('/api/login', { method: 'POST', body: state.body() });
    await navigate(returnTo ?? landingPageFor(signedIn?.user?.role));
    return LEAVING;
  }

  function onProvider(providerId: string) {
    void state.form.submit(async () => {
      await startOAuth(providerId, { redirect: returnTo });
      return LEAVING;
    });
  }

  return (
    <div className="container auth-page" data-page="login">
      <h1>Sign in</h1>
      <div className="auth-page__grid">
        <section className="auth-card" aria-labelledby="login-heading">
          <h2 id="login-heading" className="auth-card__title">
            Existing customers
          </h2>
          {adminSignIn && user ? (
            <Notice kind="info" autoHideMs={false}>
              You are signed in as {user.email}, which cannot open the Administration Portal. Sign in with an administrator account to
              continue.
            </Notice>
          ) : null}
          {oauthError ? (
            <Notice kind="error" className="auth-card__notice">
              {oauthError}
            </Notice>
          ) : null}
          <FieldForm
            state={state}
            idPrefix="login"
            onSubmit={signIn}
            submit="Sign in"
            actions={
              <a href="/password/reset" data-forgotten-password="">
                Forgotten your password?
              </a>
            }
            attributes={{ 'aria-labelledby': 'login-heading', 'data-form': 'login' }}
          />
          {providers.length > 0 ? (
            <div className="oauth" data-oauth-providers="">
              <p className="oauth__divider">Or sign in with</p>
              <ul className="oauth__list">
                {providers.map((provider) => (
                  <li key={provider.id}>
                    <button
                      type="button"
                      className="button button--secondary oauth__button"
                      disabled={!hydrated || state.form.sending}
                      onClick={() => onProvider(provider.id)}
                      data-oauth-provider={provider.id}
                    >
                      Sign in with {provider.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <section className="auth-card auth-card--aside" aria-labelledby="login-new-heading">
          <h2 id="login-new-heading" className="auth-card__title">
            New customers
          </h2>
          <p>Create an account to check out faster, keep your invoices and downloads in one place, and request free previews.</p>
          <p>
            <a className="button button--secondary" href={withReturn('/register', returnTo)} data-register-link="">
              Create an account
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
