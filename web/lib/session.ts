import { apiFetch, setSignedIn } from './api.js';

/**
 * Ends the session and leaves for `redirectTo` with a full page load, so that the next page is rendered
 * for an anonymous visitor. Seed §4: logout completes even if the logout call fails.
 */
export async function signOut(redirectTo: string): Promise<void> {
  // From here on a 401 (e.g. from a call still in flight) is no longer "your session expired".
  setSignedIn(false);
  try {
    await apiFetch('/api/logout', { method: 'POST' });
  } catch {
    // Ignored on purpose: the visitor is signed out locally either way.
  }
  window.location.assign(redirectTo);
}
