import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { loginUrlFor, safeRedirectPath } from './redirect.js';

/**
 * The route guards of seed §2/§6, for `+guard.ts` files. They read `pageContext.shell.user`, which the server
 * fills in for every request (page HTML and `*.pageContext.json` alike), so they run on the server for the
 * first render and for every client-side navigation (Vike fetches the page context before it renders, since
 * `shell` is passed to the client) — no protected page is ever rendered for the wrong visitor.
 */

type GuardContext = Pick<PageContext, 'urlPathname' | 'urlParsed'> & { shell?: PageContext['shell'] };

function requestedPath(pageContext: GuardContext): string {
  return `${pageContext.urlPathname}${pageContext.urlParsed.searchOriginal ?? ''}`;
}

/** Authenticated-only: an anonymous visitor goes to /login, which brings them back here afterwards. */
export function requireSignedIn(pageContext: GuardContext): void {
  if (!pageContext.shell?.user) throw redirect(loginUrlFor(requestedPath(pageContext)));
}

/** Admin-only: anyone whose role is not `admin` goes to /login (seed §2: "anyone else is sent to login"). */
export function requireAdmin(pageContext: GuardContext): void {
  if (pageContext.shell?.user?.role !== 'admin') throw redirect(loginUrlFor(requestedPath(pageContext)));
}

/**
 * Whether /login was reached from the admin guard by a signed-in user who is not an administrator: they are
 * let through (to sign in with an administrator account) instead of being bounced home, which would hide
 * why the portal did not open.
 */
export function isAdminSignInFor(pageContext: GuardContext): boolean {
  const user = pageContext.shell?.user;
  if (!user || user.role === 'admin') return false;
  const target = safeRedirectPath(pageContext.urlParsed.search.redirect);
  return target !== null && (target === '/admin' || target.startsWith('/admin/') || target.startsWith('/admin?'));
}

/** Guest-only (login, register): a signed-in user goes home. */
export function requireGuest(pageContext: GuardContext, options: { allowAdminSignIn?: boolean } = {}): void {
  if (!pageContext.shell?.user) return;
  if (options.allowAdminSignIn && isAdminSignInFor(pageContext)) return;
  throw redirect('/');
}
