/**
 * Gives the browser a turn (input, paint) before the caller goes on, so that what comes before and after are separate
 * tasks (ADR 0097). `scheduler.yield()` (Chromium 129+, Firefox 142+) puts the continuation ahead of other queued
 * tasks; elsewhere a zero-delay timer, which goes to the back of the queue.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
