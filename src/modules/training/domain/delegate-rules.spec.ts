import { delegateChangeDeadline, delegatesChangeable, planDelegates, type DelegateSeat } from './delegate-rules.js';

const seat = (overrides: Partial<DelegateSeat> = {}): DelegateSeat => ({
  placeId: 1, seatNo: 1, sessionId: 10, label: 'Wed 10 Jul 2030, 09:30–16:30, Leeds', locked: false, current: null, ...overrides,
});

describe('open-course delegate rules (ADR 0048)', () => {
  it('settles delegates at 00:00 UK time on the session\'s day, in summer (BST) and in winter (GMT)', () => {
    expect(delegateChangeDeadline(new Date('2030-07-10T08:30:00Z')).toISOString()).toBe('2030-07-09T23:00:00.000Z');
    expect(delegateChangeDeadline(new Date('2030-01-10T09:00:00Z')).toISOString()).toBe('2030-01-10T00:00:00.000Z');
    // 00:30 BST on 10 July is still 9 July in UTC: the UK day counts.
    expect(delegateChangeDeadline(new Date('2030-07-09T23:30:00Z')).toISOString()).toBe('2030-07-09T23:00:00.000Z');
    // The day the clocks go forward (31 March 2030): midnight is still GMT.
    expect(delegateChangeDeadline(new Date('2030-03-31T09:00:00Z')).toISOString()).toBe('2030-03-31T00:00:00.000Z');
    const session = { startsAt: new Date('2030-07-10T08:30:00Z'), status: 'scheduled' };
    expect(delegatesChangeable(session, new Date('2030-07-09T22:59:59Z'))).toBe(true);
    expect(delegatesChangeable(session, new Date('2030-07-09T23:00:00Z'))).toBe(false);
    expect(delegatesChangeable({ ...session, status: 'cancelled' }, new Date('2030-07-01T00:00:00Z'))).toBe(false);
  });

  it('matches entries to the seats of their session in order and writes only new or changed delegates', () => {
    const seats = [
      seat({ seatNo: 1, current: { name: 'Sam Smith', email: 'sam@acme.co.uk' } }),
      seat({ seatNo: 2 }),
      seat({ placeId: 2, sessionId: 11, label: 'Online' }),
    ];
    const plan = planDelegates(seats, [
      { session_id: 11, name: ' Lee  Jones ', email: 'LEE@Acme.co.uk ' },
      { session_id: 10, name: 'Sam Smith', email: 'Sam@acme.co.uk' },
      { session_id: 10, name: 'Kim Lowe', email: 'kim@acme.co.uk' },
    ]);
    expect(plan).toEqual({
      problems: {}, locked: [],
      writes: [{ placeId: 2, seatNo: 1, name: 'Lee Jones', email: 'lee@acme.co.uk' }, { placeId: 1, seatNo: 2, name: 'Kim Lowe', email: 'kim@acme.co.uk' }],
    });
  });

  it('answers a wrong count, an unknown session and each bad field by its path', () => {
    expect(planDelegates([seat(), seat({ seatNo: 2 })], [{ session_id: 10, name: 'A', email: 'a@acme.co.uk' }]).problems).toEqual({
      places: ['This order has 2 places: give one delegate (name and e-mail) for each (1 given).'],
    });
    expect(planDelegates([seat(), seat({ placeId: 2, sessionId: 11 })], [
      { session_id: 10, name: 'A', email: 'a@acme.co.uk' }, { session_id: 99, name: 'B', email: 'b@acme.co.uk' },
    ]).problems).toEqual({ 'places[1].session_id': ['This order has no place on that session.'] });
    expect(Object.keys(planDelegates([seat(), seat({ placeId: 2, sessionId: 11 })], [
      { session_id: 10, name: 'A', email: 'a@acme.co.uk' }, { session_id: 10, name: 'B', email: 'b@acme.co.uk' },
    ]).problems)).toEqual(['places']);
    const bad = planDelegates([seat(), seat({ seatNo: 2 })], [{ session_id: 10, name: '  ', email: 'a@acme.co.uk' }, { session_id: 10, name: 'B', email: 'not-an-address' }]);
    expect(bad.problems).toEqual({ 'places[0].name': ["Enter the delegate's name."], 'places[1].email': ['"not-an-address" is not an e-mail address.'] });
    expect(bad.writes).toEqual([]);
  });

  it('leaves a seat nobody is named on unnamed when its entry is blank, but does not empty a named one', () => {
    expect(planDelegates([seat(), seat({ seatNo: 2 })], [{ session_id: 10, name: 'A', email: 'a@acme.co.uk' }, { session_id: 10, name: ' ', email: '' }])).toEqual({
      problems: {}, locked: [], writes: [{ placeId: 1, seatNo: 1, name: 'A', email: 'a@acme.co.uk' }],
    });
    expect(planDelegates([seat({ current: { name: 'A', email: 'a@acme.co.uk' } })], [{ session_id: 10, name: '', email: '' }]).problems).toEqual({
      'places[0].name': ['A delegate cannot be removed: enter who goes instead.'],
      'places[0].email': ["Enter the delegate's e-mail address: the joining instructions go there."],
    });
  });

  it('lets a locked seat through only unchanged (or blank where nobody is named), and names its session', () => {
    const locked = seat({ locked: true, current: { name: 'Sam Smith', email: 'sam@acme.co.uk' } });
    expect(planDelegates([locked], [{ session_id: 10, name: 'Sam Smith', email: 'sam@acme.co.uk' }])).toEqual({ problems: {}, locked: [], writes: [] });
    expect(planDelegates([locked], [{ session_id: 10, name: 'Sam Smith', email: 'other@acme.co.uk' }]).locked).toEqual([locked.label]);
    expect(planDelegates([seat({ locked: true })], [{ session_id: 10, name: '', email: '' }])).toEqual({ problems: {}, locked: [], writes: [] });
  });
});
