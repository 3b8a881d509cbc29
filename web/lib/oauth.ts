import { apiFetch } from './api.js';

/**
 * Starts an external sign-in (seed §7: `POST /api/oauth/{provider}` → `{url}`, to which the user is sent).
 * Only an http(s) URL is followed; anything else is treated as a failed call.
 */
export async function startOAuth(providerId: string, options: { link?: boolean; redirect?: string | null } = {}): Promise<void> {
  // `link`: the account page's "Connect …", which comes back linked to the signed-in account (ADR 0033).
  const path = `/api/oauth/${encodeURIComponent(providerId)}${options.link ? '/link' : ''}`;
  // `redirect`: where the callback sends the visitor once signed in (the checkout they came from; ADR 0043).
  const body = options.redirect ? { redirect: options.redirect } : undefined;
  const answer = await apiFetch<{ url?: unknown }>(path, { method: 'POST', ...(body ? { body } : {}) });
  const url = typeof answer?.url === 'string' ? answer.url : '';
  let parsed: URL | null;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('The sign-in provider did not answer with a usable address.');
  }
  window.location.assign(parsed.href);
}

export const OAUTH_ERROR_GENERIC = 'We could not sign you in with that provider. Please try again, or sign in with your e-mail address and password.';

/**
 * The messages the OAuth callback puts in `/login?oauth_error=…` (src/modules/identity/application/oauth.service.ts),
 * for the configured providers' names.
 */
function knownOAuthMessages(providerNames: readonly string[]): Set<string> {
  const known = new Set(['The sign-in session expired. Please try again.']);
  for (const name of providerNames) {
    known.add(`Signing in with ${name} did not work. Please try again.`);
    known.add(`${name} did not confirm your e-mail address, so we cannot sign you in with it.`);
    known.add(`An account with this e-mail address already exists. Sign in with your password, then connect ${name} from your account page.`);
    known.add(`An account with this e-mail address already exists. Choose its password with "Forgotten your password?", then sign in with ${name} again.`);
    known.add(`This account cannot sign in with ${name}. Please sign in with your password.`);
    known.add(`Your session changed while connecting ${name}. Please sign in and try again.`);
    known.add(`That ${name} account is already connected to another account.`);
  }
  return known;
}

/**
 * The notice for `/login?oauth_error=…`. Anyone can write that query into a link, so its text is shown only
 * when it is one of the messages the shop itself sends; anything else gets the generic message.
 */
export function oauthErrorMessage(value: string, providerNames: readonly string[]): string {
  return knownOAuthMessages(providerNames).has(value) ? value : OAUTH_ERROR_GENERIC;
}
