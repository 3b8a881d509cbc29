import { apiFetch } from './api.js';

/**
 * Ends the session and leaves for `redirectTo` with a full page load, so that the next page is rendered
 * for an anonymous visitor. Seed §4: logout completes even if the logout call fails.
 */
export async function signOut(redirectTo: string): Promise<void> {
  try {
    await apiFetch('/api/logout', { method: 'POST' });
  } catch {
    // Ignored on purpose: the visitor is signed out locally either way.
  }
  window.location.assign(redirectTo);
}
