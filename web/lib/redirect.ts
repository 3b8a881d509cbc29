import { localPath } from '../../src/shared/contracts/local-path.js';

/**
 * The page to go to after signing in, from a `?redirect=` value: only a path on this site (one leading
 * `/`, not `//host` or `/\host`, which browsers treat as another host), never a URL with a scheme, and
 * nothing with control characters. Anything else gives `null`.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  return localPath(value);
}

/** `/login?redirect=…` for a page that needs a signed-in user. */
export function loginUrlFor(pathWithSearch: string): string {
  const target = safeRedirectPath(pathWithSearch);
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/** Where a sign-in without a `?redirect=` lands (issue 28): staff in the portal, customers on their account page. */
export function landingPageFor(role: string | undefined): string {
  return role === 'admin' ? '/admin' : '/account';
}

/** `/register?redirect=…` (or `/login?redirect=…`): the return address carried from one form to the other. */
export function withReturn(path: string, returnTo: string | null): string {
  const target = safeRedirectPath(returnTo);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
