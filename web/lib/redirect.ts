/**
 * The page to go to after signing in, from a `?redirect=` value: only a path on this site (one leading
 * `/`, not `//host` or `/\host`, which browsers treat as another host), never a URL with a scheme, and
 * nothing with control characters. Anything else gives `null`.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // Resolve it the way the browser will, and insist it stays on this origin.
  const base = 'https://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
