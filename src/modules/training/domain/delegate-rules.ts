import { EMAIL_MAX_LENGTH, emailProblem, LEARNER_NAME_MAX_LENGTH, normaliseEmail } from './licence-rules.js';

/**
 * The pure rules of open-course delegates (issue 27, ADR 0048): which orders may name them, until when, how a
 * request's entries are matched to the places bought, and when the reminder is due. No framework, no database.
 */

/** Orders whose places are held for good: paid (and moving on), or placed on account. Not unpaid, cancelled, refunded. */
export const DELEGATE_ORDER_STATUSES: readonly string[] = ['awaiting_payment', 'paid', 'processing', 'dispatched', 'completed'];

/** The reminder goes to delegates of sessions starting within this window. */
export const REMINDER_WINDOW_MS = 48 * 60 * 60_000;

export const DELEGATE_NAME_MAX_LENGTH = LEARNER_NAME_MAX_LENGTH;
export const DELEGATE_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

function ukWallClock(at: Date): { y: number; m: number; d: number; h: number; min: number } {
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(ukParts.formatToParts(at).find((p) => p.type === type)?.value);
  return { y: part('year'), m: part('month'), d: part('day'), h: part('hour'), min: part('minute') };
}

/**
 * The first moment delegates can no longer be changed: midnight (00:00 UK time) at the start of the session's day —
 * so names and addresses can be changed until 23:59 UK time the day before, whatever the session's start time and
 * whether the clocks are on GMT or BST. The trainer's list is settled the evening before.
 */
export function delegateChangeDeadline(startsAt: Date): Date {
  const { y, m, d } = ukWallClock(startsAt);
  // UK midnight is 00:00 UTC in winter and 23:00 UTC the day before in summer: the candidate that reads 00:00 in London.
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(Date.UTC(y, m - 1, d) - offsetHours * 3_600_000);
    const wall = ukWallClock(candidate);
    if (wall.d === d && wall.h === 0 && wall.min === 0) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d)); // not reached for Europe/London (its changes are at 01:00 UTC)
}

/** Whether the session's delegates may still be changed at `now`: before its deadline, and the session not cancelled. */
export function delegatesChangeable(session: { startsAt: Date; status: string }, now: Date): boolean {
  return session.status === 'scheduled' && now.getTime() < delegateChangeDeadline(session.startsAt).getTime();
}

/** One place bought (a seat of an order line's places on a session) and who is named on it now. */
export interface DelegateSeat {
  placeId: number;
  seatNo: number;
  sessionId: number;
  /** "Tue 12 Jan 2027, 09:30–16:30, Leeds": how messages name the date. */
  label: string;
  /** Past the deadline, or the session cancelled: what is named stays as it is. */
  locked: boolean;
  current: { name: string; email: string } | null;
}

export interface DelegateEntry {
  session_id: unknown;
  name: unknown;
  email: unknown;
}

export interface DelegatePlan {
  /** 422: reasons by the API's field path (`places`, `places[1].email`). */
  problems: Record<string, string[]>;
  /** 409: the labels of locked sessions whose delegates the request would change. */
  locked: string[];
  /** What to store: new or changed delegates only (an unchanged one is not written, so it is not mailed again). */
  writes: Array<{ placeId: number; seatNo: number; name: string; email: string }>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Matches a request's entries to the order's seats and checks them. One entry per seat: the entries of a session
 * fill its seats in order (the order line's places, seat 1, 2, …). Decisions (ADR 0048): every seat is listed, the
 * locked ones too — an entry for a locked seat must repeat what is named (or stay blank where nobody is), so a
 * buyer with two courses can still change the later one after the first's deadline; an entry with neither name nor
 * e-mail leaves a seat nobody is named on unnamed (the buyer may not know everyone yet), but does not empty a
 * named seat.
 */
export function planDelegates(seats: readonly DelegateSeat[], entries: readonly DelegateEntry[]): DelegatePlan {
  const plan: DelegatePlan = { problems: {}, locked: [], writes: [] };
  const add = (field: string, reason: string) => (plan.problems[field] ??= []).push(reason);
  if (entries.length !== seats.length) {
    add('places', `This order has ${seats.length} ${seats.length === 1 ? 'place' : 'places'}: give one delegate (name and e-mail) for each (${entries.length} given).`);
    return plan;
  }
  const bySession = new Map<number, DelegateSeat[]>();
  for (const seat of [...seats].sort((a, b) => a.placeId - b.placeId || a.seatNo - b.seatNo)) {
    bySession.set(seat.sessionId, [...(bySession.get(seat.sessionId) ?? []), seat]);
  }
  const given = new Map<number, number[]>();
  entries.forEach((entry, index) => {
    const sessionId = typeof entry.session_id === 'number' ? entry.session_id : Number.NaN;
    if (!bySession.has(sessionId)) add(`places[${index}].session_id`, 'This order has no place on that session.');
    else given.set(sessionId, [...(given.get(sessionId) ?? []), index]);
  });
  if (Object.keys(plan.problems).length > 0) return plan;
  for (const [sessionId, sessionSeats] of bySession) {
    const count = given.get(sessionId)?.length ?? 0;
    if (count !== sessionSeats.length) {
      add('places', `${sessionSeats[0]!.label}: ${sessionSeats.length} ${sessionSeats.length === 1 ? 'place' : 'places'}, so give ${sessionSeats.length} ${sessionSeats.length === 1 ? 'delegate' : 'delegates'} (${count} given).`);
    }
  }
  if (Object.keys(plan.problems).length > 0) return plan;

  for (const [sessionId, indexes] of given) {
    indexes.forEach((index, position) => {
      const seat = bySession.get(sessionId)![position]!;
      const name = text(entries[index]!.name).replace(/\s+/g, ' ');
      const email = normaliseEmail(text(entries[index]!.email));
      const unchanged = seat.current ? name === seat.current.name && email === seat.current.email : name === '' && email === '';
      if (seat.locked) {
        if (!unchanged && !plan.locked.includes(seat.label)) plan.locked.push(seat.label);
        return;
      }
      // A place nobody is named on yet may stay so (the buyer may not know everyone yet); a named one is replaced, not emptied.
      if (name === '' && email === '' && !seat.current) return;
      if (name === '') add(`places[${index}].name`, seat.current && email === '' ? 'A delegate cannot be removed: enter who goes instead.' : 'Enter the delegate\'s name.');
      else if (name.length > DELEGATE_NAME_MAX_LENGTH) add(`places[${index}].name`, `A name may have at most ${DELEGATE_NAME_MAX_LENGTH} characters.`);
      const problem = emailProblem(email);
      if (problem) add(`places[${index}].email`, email === '' ? 'Enter the delegate\'s e-mail address: the joining instructions go there.' : problem);
      if (!unchanged) plan.writes.push({ placeId: seat.placeId, seatNo: seat.seatNo, name, email });
    });
  }
  if (Object.keys(plan.problems).length > 0) plan.writes = [];
  return plan;
}
