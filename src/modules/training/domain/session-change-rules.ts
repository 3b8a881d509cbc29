/**
 * Staff cancel or move an open-course session (issue 27, ADR 0050): what a move may change, when it may happen, and
 * the buyer's choice for each place the change touched. Pure: no framework, no database.
 */
import { sessionProblems, type SessionFields } from './session-rules.js';

/** The change a place's buyer has not answered yet. */
export const SESSION_CHANGE_KINDS = ['cancelled', 'moved'] as const;
export type SessionChangeKind = (typeof SESSION_CHANGE_KINDS)[number];

/** The buyer's answer: another date, or a refund (keeping a moved date needs no answer). */
export type PlaceResolution = 'transferred' | 'refunded';

/** What a move may set; left out = kept (venue, online, joining link). */
export interface SessionMove {
  startsAt: Date;
  endsAt: Date;
  venue?: string | null;
  online?: boolean;
  joiningUrl?: string | null;
}

/** The session's fields after the move, with the editor's normalising (an online session has no venue to show). */
export function movedFields(current: SessionFields, move: SessionMove): SessionFields {
  const fields: SessionFields = {
    ...current, startsAt: move.startsAt, endsAt: move.endsAt,
    venue: move.venue !== undefined ? move.venue : current.venue,
    online: move.online !== undefined ? move.online : current.online,
    joiningUrl: move.joiningUrl !== undefined ? move.joiningUrl : current.joiningUrl,
  };
  if (fields.online) fields.venue = fields.venue?.trim() || null;
  else fields.joiningUrl = null;
  return fields;
}

/** Field → reasons for a move: the session editor's rules, and the new date must be still to come. */
export function moveProblems(fields: SessionFields, placesTaken: number, now: Date): Record<string, string[]> {
  const problems = sessionProblems(fields, placesTaken);
  if (fields.startsAt.getTime() <= now.getTime()) (problems.starts_at ??= []).push('A session can only be moved to a date still to come.');
  return problems;
}

/** Whether the move changes anything a delegate would act on (a retried move tells nobody twice). */
export function movesAnything(current: SessionFields, next: SessionFields): boolean {
  return current.startsAt.getTime() !== next.startsAt.getTime() || current.endsAt.getTime() !== next.endsAt.getTime()
    || current.venue !== next.venue || current.online !== next.online || current.joiningUrl !== next.joiningUrl;
}

/**
 * Whether a place's buyer may still choose: the place is held, a change waits for their answer and none was given.
 * After a cancelled session's original start they may still take the refund; after a moved session has started
 * they have it (the new date was kept).
 */
export function choiceOpen(
  place: { releasedAt: Date | null; changeKind: SessionChangeKind | null; changeResolvedAt: Date | null },
  session: { startsAt: Date },
  now: Date,
): boolean {
  if (place.releasedAt !== null || place.changeKind === null || place.changeResolvedAt !== null) return false;
  return place.changeKind === 'cancelled' || session.startsAt.getTime() > now.getTime();
}

/** Whether a place of `qty` may move to `target`: another upcoming scheduled date of the same option with room. */
export function transferRefusal(
  from: { id: number; optionId: number },
  target: { id: number; optionId: number; status: string; startsAt: Date; capacity: number; placesTaken: number },
  qty: number,
  now: Date,
): 'not_found' | 'full' | null {
  if (target.id === from.id || target.optionId !== from.optionId || target.status !== 'scheduled' || target.startsAt.getTime() <= now.getTime()) return 'not_found';
  return target.placesTaken + qty > target.capacity ? 'full' : null;
}
