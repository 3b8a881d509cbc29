import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';
import type { MailAttachment } from '../../../../platform/mail/index.js';

/** What the calendar entry of one delegate on one session says. */
export interface JoiningEvent {
  delegateId: number;
  sessionId: number;
  course: string;
  startsAt: Date;
  endsAt: Date;
  venue: string | null;
  online: boolean;
  joiningUrl: string | null;
  notes: string | null;
  /** The session's last change: a later e-mail (a moved session) carries a higher SEQUENCE, so calendars update. */
  updatedAt: Date;
  /** When this e-mail is made (DTSTAMP). */
  sentAt: Date;
  delegate: { name: string; email: string };
  organizer: { name: string; email: string };
  /** The UID's domain part: the shop's host. */
  host: string;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; method=REQUEST';

/**
 * The UID stays the same for a delegate on a session (RFC 5545: one event, one UID), so a later e-mail for the same
 * pair — the session moved — updates the entry in the delegate's calendar instead of adding a second one.
 */
export const joiningEventUid = (event: Pick<JoiningEvent, 'delegateId' | 'sessionId' | 'host'>) =>
  `course-session-${event.sessionId}-delegate-${event.delegateId}@${event.host}`;

// SEQUENCE counts revisions: seconds since 2026 grow with every change of the session and fit an int for decades.
const SEQUENCE_EPOCH = Date.UTC(2026, 0, 1);

/** The `.ics` text (METHOD:REQUEST, times in UTC), built with ical-generator. */
export function joiningCalendar(event: JoiningEvent): string {
  const calendar = ical({ prodId: { company: event.organizer.name, product: 'Open courses', language: 'EN' }, method: ICalCalendarMethod.REQUEST });
  const location = event.online ? event.joiningUrl : event.venue;
  calendar.createEvent({
    id: joiningEventUid(event),
    sequence: Math.max(0, Math.floor((event.updatedAt.getTime() - SEQUENCE_EPOCH) / 1000)),
    stamp: event.sentAt,
    start: event.startsAt,
    end: event.endsAt,
    summary: event.course,
    location: location ?? null,
    url: event.online ? event.joiningUrl : null,
    description: [event.online && event.joiningUrl ? `Join online: ${event.joiningUrl}` : null, event.notes].filter(Boolean).join('\n\n') || null,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: [{ name: event.delegate.name, email: event.delegate.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
  });
  return calendar.toString();
}

/** The calendar as a mail attachment (`text/calendar; method=REQUEST`: mail apps offer to add it). */
export function joiningCalendarAttachment(event: JoiningEvent): MailAttachment {
  return { filename: 'course.ics', contentType: CALENDAR_CONTENT_TYPE, content: Buffer.from(joiningCalendar(event), 'utf8').toString('base64') };
}
