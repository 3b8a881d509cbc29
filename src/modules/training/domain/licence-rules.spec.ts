import { checkInvitations, emailProblem, freeSeats, invitationExpiry, licenceSeats, parseEmailList } from './licence-rules.js';

describe('licence rules', () => {
  it('gives seats × qty, one seat per unit for an option without seats', () => {
    expect(licenceSeats(10, 3)).toBe(30);
    expect(licenceSeats(1, 1)).toBe(1);
    expect(licenceSeats(null, 4)).toBe(4);
    expect(licenceSeats(0, 2)).toBe(2);
  });

  it('counts free seats, none on a revoked licence and never below none', () => {
    expect(freeSeats(10, 3, false)).toBe(7);
    expect(freeSeats(10, 10, false)).toBe(0);
    expect(freeSeats(10, 12, false)).toBe(0);
    expect(freeSeats(10, 3, true)).toBe(0);
  });

  it('lets an invitation live 14 days', () => {
    expect(invitationExpiry(new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it('reads a pasted list separated by commas, semicolons and new lines, with "Name <address>" entries', () => {
    expect(parseEmailList('a@acme.co.uk, b@acme.co.uk;c@acme.co.uk\n\n  d@acme.co.uk  \r\nSam Smith <sam@acme.co.uk>;;')).toEqual([
      'a@acme.co.uk', 'b@acme.co.uk', 'c@acme.co.uk', 'd@acme.co.uk', 'sam@acme.co.uk',
    ]);
    expect(parseEmailList(' \n ,; ')).toEqual([]);
  });

  it('tells a bad address why', () => {
    expect(emailProblem('sam@acme.co.uk')).toBeNull();
    expect(emailProblem('sam.o-neil+training@mail.acme.co.uk')).toBeNull();
    expect(emailProblem('')).toBe('Enter an e-mail address.');
    expect(emailProblem('sam@acme')).toBe('"sam@acme" is not an e-mail address.');
    expect(emailProblem('sam acme@x.co.uk')).toMatch(/not an e-mail address/);
    expect(emailProblem(`${'a'.repeat(250)}@x.uk`)).toMatch(/at most 254/);
  });

  it('invites each address once, lower-cased, and refuses bad ones and those already holding a seat by their index', () => {
    const check = checkInvitations(['Sam@Acme.co.uk', 'lee@acme.co.uk', 'sam@acme.co.uk ', 'nope', 'held@acme.co.uk'], new Set(['held@acme.co.uk']));
    expect(check.emails).toEqual(['sam@acme.co.uk', 'lee@acme.co.uk']);
    expect(check.problems).toEqual({
      'emails[3]': ['"nope" is not an e-mail address.'],
      'emails[4]': ['held@acme.co.uk already holds a seat on this licence.'],
    });
  });
});
