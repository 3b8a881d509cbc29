/** Seed §9: a notification hides itself after 5000 ms by default, and never sooner than 1000 ms. */
export const NOTICE_DEFAULT_MS = 5000;
export const NOTICE_MINIMUM_MS = 1000;

/** The auto-hide delay for a requested one: the default when none (or nonsense) is given, at least the minimum. */
export function noticeTimeout(requestedMs?: number): number {
  if (requestedMs === undefined || !Number.isFinite(requestedMs)) return NOTICE_DEFAULT_MS;
  return Math.max(NOTICE_MINIMUM_MS, Math.round(requestedMs));
}
