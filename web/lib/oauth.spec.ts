import { OAUTH_ERROR_GENERIC, oauthErrorMessage } from './oauth.js';

describe('oauthErrorMessage', () => {
  it('shows the messages the shop itself sends, for its configured providers', () => {
    expect(oauthErrorMessage('The sign-in session expired. Please try again.', [])).toBe('The sign-in session expired. Please try again.');
    expect(oauthErrorMessage('Signing in with Google did not work. Please try again.', ['Google'])).toBe(
      'Signing in with Google did not work. Please try again.',
    );
    expect(oauthErrorMessage('Google did not confirm your e-mail address, so we cannot sign you in with it.', ['Google'])).toBe(
      'Google did not confirm your e-mail address, so we cannot sign you in with it.',
    );
  });

  it('shows the refusals of an unverified account and of a provider account connected elsewhere (ADR 0033)', () => {
    const unverified = 'An account with this e-mail address already exists. Sign in with your password, then connect Google from your account page.';
    expect(oauthErrorMessage(unverified, ['Google'])).toBe(unverified);
    const noPassword = 'An account with this e-mail address already exists. Choose its password with "Forgotten your password?", then sign in with Google again.';
    expect(oauthErrorMessage(noPassword, ['Google'])).toBe(noPassword);
    const elsewhere = 'That Google account is already connected to another account.';
    expect(oauthErrorMessage(elsewhere, ['Google'])).toBe(elsewhere);
  });

  it('never shows text someone else wrote into the link', () => {
    expect(oauthErrorMessage('Call 0800 000 000 to unlock your account', ['Google'])).toBe(OAUTH_ERROR_GENERIC);
    expect(oauthErrorMessage('Signing in with Evil Corp did not work. Please try again.', ['Google'])).toBe(OAUTH_ERROR_GENERIC);
  });
});
