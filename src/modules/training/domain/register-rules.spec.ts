import { attendanceClosedReason, planAttendance, type DelegateOnRegister } from './register-rules.js';

const startsAt = new Date('2030-01-10T09:00:00Z');
const delegate = (id: number, overrides: Partial<DelegateOnRegister> = {}): [number, DelegateOnRegister] =>
  [id, { id, sessionId: 7, released: false, attended: false, certificateCode: null, ...overrides }];

describe('register rules (ADR 0049)', () => {
  it('opens attendance when the session starts, never on a cancelled one', () => {
    expect(attendanceClosedReason({ startsAt, status: 'scheduled' }, new Date('2030-01-10T08:59:59Z'))).toMatch(/once the session has started/);
    expect(attendanceClosedReason({ startsAt, status: 'scheduled' }, startsAt)).toBeNull();
    expect(attendanceClosedReason({ startsAt, status: 'scheduled' }, new Date('2030-02-01T00:00:00Z'))).toBeNull();
    expect(attendanceClosedReason({ startsAt, status: 'cancelled' }, new Date('2030-02-01T00:00:00Z'))).toMatch(/cancelled/);
  });

  it('certifies the newly attended once and unmarks those no longer attended; repeats change nothing', () => {
    const delegates = new Map([delegate(1), delegate(2, { attended: true, certificateCode: 'ABCD-EFGH' }), delegate(3, { attended: true }), delegate(4)]);
    const plan = planAttendance(7, [
      { delegateId: 1, attended: true }, { delegateId: 2, attended: true }, { delegateId: 3, attended: false }, { delegateId: 4, attended: false },
    ], delegates);
    expect(plan).toEqual({ certify: [1], unmark: [3], problems: {} });
  });

  it('refuses, by position, a delegate of another session, of a released place, unknown, or listed twice', () => {
    const delegates = new Map([delegate(1), delegate(2, { sessionId: 8 }), delegate(3, { released: true })]);
    const plan = planAttendance(7, [
      { delegateId: 1, attended: true }, { delegateId: 2, attended: true }, { delegateId: 3, attended: true }, { delegateId: 99, attended: true },
      { delegateId: 1, attended: false },
    ], delegates);
    expect(Object.keys(plan.problems)).toEqual(['delegates.1.delegate_id', 'delegates.2.delegate_id', 'delegates.3.delegate_id', 'delegates.4.delegate_id']);
    expect(plan.problems['delegates.4.delegate_id']).toEqual(['This delegate is listed twice.']);
  });
});
