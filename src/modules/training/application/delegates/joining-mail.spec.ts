import { joiningMail, sessionWhen, type JoiningMailInput } from './joining-mail.js';

const input = (overrides: Partial<JoiningMailInput> = {}): JoiningMailInput => ({
  kind: 'joining', delegateId: 7, sessionId: 12, course: 'Fire Marshal Open Course', startsAt: new Date('2030-07-10T08:30:00Z'),
  endsAt: new Date('2030-07-10T15:30:00Z'), venue: 'Leeds Training Centre', online: false, joiningUrl: null, notes: 'Bring photo ID.',
  updatedAt: new Date('2030-01-01T00:00:00Z'), sentAt: new Date('2030-06-01T10:00:00Z'), delegate: { name: 'Sam Smith', email: 'sam@acme.co.uk' },
  organizer: { name: 'HS Training Direct', email: 'orders@shop.example' }, host: 'shop.example', company: 'Acme Safety Ltd', orderNumber: 'HS-1001',
  shop: { name: 'HS Training Direct', phone: '01234 567890', email: 'orders@shop.example' }, ...overrides,
});

describe('joining instructions e-mail (ADR 0048)', () => {
  it('says when in UK time, where, the notes, who booked, and carries the .ics', () => {
    const mail = joiningMail(input());
    expect(mail.to).toBe('sam@acme.co.uk');
    expect(mail.subject).toBe('Joining instructions: Fire Marshal Open Course, Wednesday 10 July 2030');
    expect(mail.text).toContain('Acme Safety Ltd has booked you a place on the course "Fire Marshal Open Course" (order HS-1001).');
    expect(mail.text).toContain('When: Wednesday 10 July 2030, 09:30 to 16:30 (UK time)');
    expect(mail.text).toContain('Venue: Leeds Training Centre');
    expect(mail.text).toContain('Notes for delegates:\nBring photo ID.');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'course.ics', contentType: 'text/calendar; method=REQUEST' })]);
  });

  it('gives an online session\'s link, and the reminder says it is one', () => {
    const mail = joiningMail(input({ kind: 'reminder', online: true, venue: null, joiningUrl: 'https://meet.example.com/fm', company: null }));
    expect(mail.subject).toBe('Reminder: Fire Marshal Open Course, Wednesday 10 July 2030');
    expect(mail.text).toContain('A reminder: your course "Fire Marshal Open Course" is coming up (order HS-1001).');
    expect(mail.text).toContain('Online. Join at: https://meet.example.com/fm');
    expect(sessionWhen(new Date('2030-01-10T09:00:00Z'), new Date('2030-01-11T16:00:00Z'))).toBe('Thursday 10 January 2030 09:00 to Friday 11 January 2030 16:00 (UK time)');
  });
});
