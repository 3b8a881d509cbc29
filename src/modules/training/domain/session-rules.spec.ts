import { sessionLabel, sessionProblems, unbookableReason, type SessionFields } from './session-rules.js';

const fields = (overrides: Partial<SessionFields> = {}): SessionFields => ({
  startsAt: new Date('2030-07-10T08:30:00Z'), endsAt: new Date('2030-07-10T15:30:00Z'), venue: 'Leeds', online: false, joiningUrl: null,
  capacity: 10, notes: null, status: 'scheduled', ...overrides,
});

describe('open-course session rules (ADR 0046)', () => {
  it('accepts a whole session and names every broken rule by its field', () => {
    expect(sessionProblems(fields(), 0)).toEqual({});
    expect(Object.keys(sessionProblems(fields({ endsAt: new Date('2030-07-10T08:30:00Z') }), 0))).toEqual(['ends_at']);
    expect(Object.keys(sessionProblems(fields({ capacity: 3 }), 4))).toEqual(['capacity']);
    expect(Object.keys(sessionProblems(fields({ venue: '  ' }), 0))).toEqual(['venue']);
    expect(Object.keys(sessionProblems(fields({ online: true, venue: null, joiningUrl: 'http://x.example' }), 0))).toEqual(['joining_url']);
    expect(sessionProblems(fields({ online: true, venue: null, joiningUrl: 'https://meet.example.com/a' }), 0)).toEqual({});
  });

  it('labels a session in UK time, naming both days when it runs over more than one', () => {
    expect(sessionLabel(fields())).toBe('Wed 10 Jul 2030, 09:30–16:30, Leeds');
    expect(sessionLabel({ ...fields({ endsAt: new Date('2030-07-11T15:30:00Z'), online: true }) })).toBe('Wed 10 Jul 2030 09:30 – Thu 11 Jul 2030 16:30, Online');
    expect(sessionLabel(fields({ startsAt: new Date('2030-01-10T09:00:00Z'), endsAt: new Date('2030-01-10T13:00:00Z') }))).toBe('Thu 10 Jan 2030, 09:00–13:00, Leeds');
  });

  it('says why a session cannot be booked: another option\'s, cancelled, started or full', () => {
    const session = { optionId: 5, startsAt: new Date('2030-07-10T08:30:00Z'), status: 'scheduled' as const, capacity: 2, placesTaken: 1 };
    const now = new Date('2030-07-01T00:00:00Z');
    expect(unbookableReason(session, 5, now)).toBeNull();
    expect(unbookableReason(session, 6, now)).toMatch(/not one of this course option/);
    expect(unbookableReason({ ...session, status: 'cancelled' }, 5, now)).toMatch(/cancelled/);
    expect(unbookableReason(session, 5, new Date('2030-07-10T09:00:00Z'))).toMatch(/already started/);
    expect(unbookableReason({ ...session, placesTaken: 2 }, 5, now)).toMatch(/full/);
  });
});
