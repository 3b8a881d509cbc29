import { describeSeats, splitAddresses } from './training.js';

describe('the invitation form', () => {
  it('splits a pasted list on commas, semicolons and new lines, taking the address out of "Name <address>"', () => {
    expect(splitAddresses('a@acme.co.uk, b@acme.co.uk;c@acme.co.uk\r\n\n Sam Smith <sam@acme.co.uk> ;; ')).toEqual([
      'a@acme.co.uk', 'b@acme.co.uk', 'c@acme.co.uk', 'sam@acme.co.uk',
    ]);
    expect(splitAddresses('  \n ')).toEqual([]);
  });

  it('describes the seats', () => {
    expect(describeSeats(10, 3, 7)).toBe('3 of 10 seats used, 7 free');
    expect(describeSeats(1, 0, 1)).toBe('0 of 1 seat used, 1 free');
  });
});
