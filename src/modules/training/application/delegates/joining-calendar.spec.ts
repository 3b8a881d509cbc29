import { joiningCalendar, joiningCalendarAttachment, joiningEventUid, type JoiningEvent } from './joining-calendar.js';

const event = (overrides: Partial<JoiningEvent> = {}): JoiningEvent => ({
  delegateId: 7, sessionId: 12, course: 'Fire Marshal Open Course', startsAt: new Date('2030-07-10T08:30:00Z'), endsAt: new Date('2030-07-10T15:30:00Z'),
  venue: 'Leeds Training Centre', online: false, joiningUrl: null, notes: 'Bring photo ID.', updatedAt: new Date('2030-01-01T00:00:00Z'),
  sentAt: new Date('2030-06-01T10:00:00Z'), delegate: { name: 'Sam Smith', email: 'sam@acme.co.uk' },
  organizer: { name: 'HS Training Direct', email: 'orders@hstrainingdirect.example' }, host: 'shop.example', ...overrides,
});

/** Unfolds RFC 5545 lines (a long line continues on the next after a space). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('joining instructions calendar (ADR 0048)', () => {
  it('is a REQUEST with the session in UTC, the course as summary, the venue as location and a stable UID', () => {
    const ics = unfold(joiningCalendar(event()));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('UID:course-session-12-delegate-7@shop.example');
    expect(ics).toContain('DTSTART:20300710T083000Z');
    expect(ics).toContain('DTEND:20300710T153000Z');
    expect(ics).toContain('SUMMARY:Fire Marshal Open Course');
    expect(ics).toContain('LOCATION:Leeds Training Centre');
    expect(ics).toContain('DESCRIPTION:Bring photo ID.');
    expect(ics).toMatch(/ORGANIZER;CN="?HS Training Direct"?:mailto:orders@hstrainingdirect.example/);
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*:MAILTO:sam@acme.co.uk/i);
    expect(joiningEventUid(event({ updatedAt: new Date('2030-05-01T00:00:00Z') }))).toBe('course-session-12-delegate-7@shop.example');
  });

  it('puts an online session\'s link as its location, and a later change of the session raises the SEQUENCE', () => {
    const online = unfold(joiningCalendar(event({ online: true, venue: null, joiningUrl: 'https://meet.example.com/fm' })));
    expect(online).toContain('LOCATION:https://meet.example.com/fm');
    expect(online).toContain('DESCRIPTION:Join online: https://meet.example.com/fm');
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)?.[1]);
    expect(sequence(joiningCalendar(event({ updatedAt: new Date('2030-02-01T00:00:00Z') })))).toBeGreaterThan(sequence(joiningCalendar(event())));
  });

  it('travels as a text/calendar attachment with method=REQUEST', () => {
    const attachment = joiningCalendarAttachment(event());
    expect(attachment).toMatchObject({ filename: 'course.ics', contentType: 'text/calendar; method=REQUEST' });
    expect(Buffer.from(attachment.content, 'base64').toString('utf8')).toContain('SUMMARY:Fire Marshal Open Course');
  });
});
