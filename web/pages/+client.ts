/**
 * Runs once in the browser, before hydration (https://vike.dev/client).
 *
 * Hydration runs at transition priority, in slices (ADR 0059).
 *
 * Seed §2: if loading a page part fails (e.g. a new deployment removed the old chunks), reload the page.
 * A guard stops a reload loop when the chunk keeps failing.
 */
import { hydrateInTransition } from '../lib/hydrate-in-transition.js';

hydrateInTransition();

const RELOAD_GUARD_KEY = 'preload-error-reload-at';
const RELOAD_GUARD_MS = 10_000;

window.addEventListener('vite:preloadError', (event) => {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    // sessionStorage unavailable: reload anyway
  }
  if (Date.now() - last < RELOAD_GUARD_MS) return; // already reloaded moments ago: let the error surface
  event.preventDefault();
  window.location.reload();
});
