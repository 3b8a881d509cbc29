import { User } from './user.entity.js';

describe('User e-mail verification (ADR 0033)', () => {
  const customer = () => new User({ email: 'jo@acme.co.uk', firstName: 'Jo', lastName: 'Bloggs' });

  it('starts unverified and keeps the time of the first proof', () => {
    const user = customer();
    expect(user.emailVerified).toBe(false);
    user.markEmailVerified(new Date('2026-11-27T10:00:00Z'));
    user.markEmailVerified(new Date('2026-11-28T10:00:00Z'));
    expect(user.emailVerifiedAt).toEqual(new Date('2026-11-27T10:00:00Z'));
  });

  it('a new address is unverified again; the same address, however written, changes nothing', () => {
    const user = customer();
    user.markEmailVerified(new Date('2026-11-27T10:00:00Z'));
    user.changeEmail('  JO@Acme.co.uk ');
    expect(user.emailVerified).toBe(true);
    user.changeEmail('Jo.Bloggs@Acme.co.uk');
    expect(user.email).toBe('jo.bloggs@acme.co.uk');
    expect(user.emailVerified).toBe(false);
  });
});
