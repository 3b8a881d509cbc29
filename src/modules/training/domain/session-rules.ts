/**
 * Open-course sessions (issue 27, ADR 0046): the rules a session's fields must keep, and the words that name a
 * session wherever a buyer sees it (basket, order, invoice, e-mails). Pure: no framework, no database.
 */
export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface SessionFields {
  startsAt: Date;
  endsAt: Date;
  venue: string | null;
  online: boolean;
  joiningUrl: string | null;
  capacity: number;
  notes: string | null;
  status: SessionStatus;
}

/** Field → reasons (the API's snake_case names), empty when the session may be saved with `placesTaken` places taken. */
export function sessionProblems(fields: SessionFields, placesTaken: number): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, reason: string) => (problems[field] ??= []).push(reason);
  if (fields.endsAt.getTime() <= fields.startsAt.getTime()) add('ends_at', 'The session must end after it starts.');
  if (fields.capacity < placesTaken) {
    add('capacity', `${placesTaken} ${placesTaken === 1 ? 'place is' : 'places are'} already taken: the capacity cannot be less.`);
  }
  if (fields.online) {
    if (!fields.joiningUrl) add('joining_url', 'An online session needs the https address delegates join at.');
    else if (!isHttps(fields.joiningUrl)) add('joining_url', 'The joining link must be an https:// address.');
  } else if (!fields.venue?.trim()) {
    add('venue', 'Say where the session is held, or mark it online.');
  }
  return problems;
}

function isHttps(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
// "Thu 10 Jan 2030": en-GB puts a comma after the weekday, which reads badly inside "…, 09:00–16:00, Leeds".
const day = {
  format: (date: Date) => {
    const part = (type: Intl.DateTimeFormatPartTypes) => dayParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  },
};
const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * "Tue 12 Jan 2027, 09:30–16:30, Leeds" (UK time; a session over several days names both): what the basket, the
 * order line, the invoice and the e-mails say. Stored on the order line when placed, so later edits of the session
 * do not rewrite an invoice.
 */
export function sessionLabel(session: { startsAt: Date; endsAt: Date; venue: string | null; online: boolean }): string {
  const startDay = day.format(session.startsAt);
  const endDay = day.format(session.endsAt);
  const when = startDay === endDay
    ? `${startDay}, ${time.format(session.startsAt)}–${time.format(session.endsAt)}`
    : `${startDay} ${time.format(session.startsAt)} – ${endDay} ${time.format(session.endsAt)}`;
  return `${when}, ${session.online ? 'Online' : (session.venue ?? '').trim()}`;
}

/** Why a buyer cannot book this session now, or null when they can. */
export function unbookableReason(
  session: { optionId: number; startsAt: Date; status: SessionStatus; capacity: number; placesTaken: number },
  optionId: number,
  now: Date,
): string | null {
  if (session.optionId !== optionId) return 'That session is not one of this course option\'s dates.';
  if (session.status === 'cancelled') return 'That session has been cancelled: choose another date.';
  if (session.startsAt.getTime() <= now.getTime()) return 'That session has already started: choose a later date.';
  if (session.placesTaken >= session.capacity) return 'That session is full: choose another date.';
  return null;
}
