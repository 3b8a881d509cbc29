import type { MailMessage } from '../../../../platform/mail/index.js';
import type { SessionChangeKind } from '../../domain/session-change-rules.js';

/** What a changed session's e-mails name: the course, the date bought and (moved, transferred) the new one. */
export interface ChangedSession {
  course: string;
  kind: SessionChangeKind | 'transferred';
  was: string;
  /** The new date and place (moved, transferred); null when cancelled. */
  now: string | null;
  /** An online session's joining link, for the delegate of a moved or transferred place. */
  joiningUrl: string | null;
  reason: string | null;
}

function headline(change: ChangedSession): string {
  if (change.kind === 'cancelled') return `The open course "${change.course}" on ${change.was} has been cancelled.`;
  if (change.kind === 'moved') return `The open course "${change.course}" on ${change.was} has moved to ${change.now}.`;
  return `Your place on the open course "${change.course}" has moved from ${change.was} to ${change.now}.`;
}

/** To a named delegate: what changed and, when there is one, the new date, place and joining link. */
export function delegateChangeMail(to: { name: string; email: string }, change: ChangedSession): MailMessage {
  const subject = change.kind === 'cancelled' ? `Cancelled: ${change.course}, ${change.was}` : `New date: ${change.course}, ${change.now}`;
  const next = change.kind === 'cancelled'
    ? 'Whoever booked your place will choose another date or a refund; if they choose a new date, you will hear from us again.\n\n'
    : `Please attend on the new date: ${change.now}.\n${change.joiningUrl ? `Join online at: ${change.joiningUrl}\n` : ''}\n`;
  return {
    to: to.email,
    subject,
    text: `Hello ${to.name},\n\n${headline(change)}\n${change.reason ? `\nReason: ${change.reason}\n` : ''}\n${next}`,
  };
}

/** To the buyer, once per order: what changed and where to choose a new date or a refund. */
export function buyerChangeMail(to: string, change: ChangedSession, places: number, orderUrl: string): MailMessage {
  const subject = change.kind === 'cancelled' ? `Course cancelled: ${change.course}, ${change.was}` : `Course moved: ${change.course}, now ${change.now}`;
  const choose = change.kind === 'cancelled'
    ? 'Choose another date or a refund for your booking on your order page:'
    : 'Nothing to do if the new date suits you. Otherwise choose another date or a refund on your order page:';
  return {
    to,
    subject,
    text:
      `Hello,\n\n${headline(change)} You booked ${places} ${places === 1 ? 'place' : 'places'} on it.\n` +
      `${change.reason ? `\nReason: ${change.reason}\n` : ''}\n${choose}\n${orderUrl}\n\nWe are sorry for the change.\n`,
  };
}
