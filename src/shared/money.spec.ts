import { formatPounds, toDecimalString, vatOn } from './money.js';

describe('money', () => {
  it('takes 20% VAT rounded half-up to the penny', () => {
    expect(vatOn(1000)).toBe(200);
    expect(vatOn(1)).toBe(0); // 0.2p rounds down
    expect(vatOn(3)).toBe(1); // 0.6p rounds up
    expect(vatOn(5)).toBe(1); // 1.0p exactly
    expect(vatOn(13)).toBe(3); // 2.6p rounds up
    expect(vatOn(-13)).toBe(-3);
  });

  it('refuses fractions of a penny', () => {
    expect(() => vatOn(10.5)).toThrow(RangeError);
  });

  it('formats pence as two-decimal strings and as pounds', () => {
    expect(toDecimalString(0)).toBe('0.00');
    expect(toDecimalString(123450)).toBe('1234.50');
    expect(toDecimalString(-5)).toBe('-0.05');
    expect(formatPounds(123450)).toBe('£1,234.50');
  });
});
