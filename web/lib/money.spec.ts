import { decimalPounds, formatPounds } from './money.js';

describe('formatPounds and decimalPounds', () => {
  it.each([
    [0, '£0.00', '0.00'],
    [5, '£0.05', '0.05'],
    [1250, '£12.50', '12.50'],
    [123_450, '£1,234.50', '1234.50'],
    [100_000_000, '£1,000,000.00', '1000000.00'],
    [-995, '-£9.95', '-9.95'],
  ])('%i pence → %s / %s', (pence, shown, plain) => {
    expect(formatPounds(pence)).toBe(shown);
    expect(decimalPounds(pence)).toBe(plain);
  });

  it('gives nothing for a value that is not whole pence', () => {
    expect(formatPounds(1.5)).toBe('');
    expect(decimalPounds(Number.NaN)).toBe('');
  });
});
