/** product.md "Training records": the learner and the buyer are reminded this many days before a certificate expires. */
export const REMINDER_DAYS_BEFORE_EXPIRY = 30;
/** The buyer's records page offers refresher seats for certificates expiring within this many days (its filter's 60). */
export const REFRESHER_LINK_DAYS = 60;
const DAY_MS = 86_400_000;

/** A certificate as the reminder sweep sees it. */
export interface ReminderCandidate {
  expiresAt: Date | null;
  revokedAt: Date | null;
  remindedAt: Date | null;
}

/**
 * The expiry dates a sweep at `now` reminds: after now and at most 30 days ahead. Certificates already expired are left
 * out — on the first run after this feature ships (or after a long outage) a "your certificate expires soon" e-mail
 * about one that expired months ago would be wrong, and the records page already shows them as expired.
 */
export function reminderWindow(now: Date): { after: Date; until: Date } {
  return { after: now, until: new Date(now.getTime() + REMINDER_DAYS_BEFORE_EXPIRY * DAY_MS) };
}

/** The sweep's rule in one place (its SQL says the same): expiring within the window, not revoked, not yet reminded. */
export function isDueForReminder(certificate: ReminderCandidate, now: Date): boolean {
  if (certificate.expiresAt === null || certificate.revokedAt !== null || certificate.remindedAt !== null) return false;
  const { after, until } = reminderWindow(now);
  const expires = certificate.expiresAt.getTime();
  return expires > after.getTime() && expires <= until.getTime();
}

/** Whether the records page offers refresher seats: still valid and expiring within 60 days. */
export function offersRefresher(certificate: Omit<ReminderCandidate, 'remindedAt'>, now: Date): boolean {
  if (certificate.expiresAt === null || certificate.revokedAt !== null) return false;
  const expires = certificate.expiresAt.getTime();
  return expires > now.getTime() && expires <= now.getTime() + REFRESHER_LINK_DAYS * DAY_MS;
}

/**
 * The product page with the option to buy preselected (ADR 0052): `?option=` marks the row, `#options` scrolls to it.
 * Without an option still for sale, the product page itself.
 */
export function refresherPath(productSlug: string, optionId: number | null): string {
  const slug = encodeURIComponent(productSlug);
  return optionId === null ? `/products/${slug}#options` : `/products/${slug}?option=${optionId}#options`;
}
