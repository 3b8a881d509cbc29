import { isDueForReminder, offersRefresher, refresherPath, reminderWindow } from './refresher-reminders.js';

const DAY = 86_400_000;
const now = new Date('2026-11-28T09:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const candidate = (days: number | null, fields: { revoked?: boolean; reminded?: boolean } = {}) => ({
  expiresAt: days === null ? null : at(days), revokedAt: fields.revoked ? at(-1) : null, remindedAt: fields.reminded ? at(-1) : null,
});

describe('refresher reminders: the date window', () => {
  it('runs from now to 30 days ahead', () => {
    expect(reminderWindow(now)).toEqual({ after: now, until: at(30) });
  });

  it.each([
    [20, true], [30, true], [0.001, true], [30.001, false], [40, false], [0, false], [-1, false], [-400, false],
  ])('a certificate expiring in %p days is due: %p', (days, due) => {
    expect(isDueForReminder(candidate(days), now)).toBe(due);
  });

  it('never reminds for a certificate without expiry, a revoked one or one already reminded', () => {
    expect(isDueForReminder(candidate(null), now)).toBe(false);
    expect(isDueForReminder(candidate(20, { revoked: true }), now)).toBe(false);
    expect(isDueForReminder(candidate(20, { reminded: true }), now)).toBe(false);
  });

  it('offers refresher seats on the records page within 60 days of expiry, valid certificates only', () => {
    expect(offersRefresher(candidate(59), now)).toBe(true);
    expect(offersRefresher(candidate(60), now)).toBe(true);
    expect(offersRefresher(candidate(61), now)).toBe(false);
    expect(offersRefresher(candidate(-1), now)).toBe(false);
    expect(offersRefresher(candidate(null), now)).toBe(false);
    expect(offersRefresher(candidate(10, { revoked: true }), now)).toBe(false);
  });

  it('links to the product page with the option preselected', () => {
    expect(refresherPath('fire-marshal', 12)).toBe('/products/fire-marshal?option=12#options');
    expect(refresherPath('fire marshal', null)).toBe('/products/fire%20marshal#options');
  });
});
