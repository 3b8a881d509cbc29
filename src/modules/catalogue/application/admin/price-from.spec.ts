import { lowestActivePrice } from './price-from.js';

describe('lowestActivePrice', () => {
  it('is the lowest price among active options', () => {
    expect(lowestActivePrice([{ price: 1950, active: true }, { price: 990, active: true }, { price: 4500, active: true }])).toBe(990);
  });

  it('ignores inactive options, and free (0p) options count', () => {
    expect(lowestActivePrice([{ price: 100, active: false }, { price: 2500, active: true }])).toBe(2500);
    expect(lowestActivePrice([{ price: 0, active: true }, { price: 2500, active: true }])).toBe(0);
  });

  it('is null when no option is active', () => {
    expect(lowestActivePrice([])).toBeNull();
    expect(lowestActivePrice([{ price: 100, active: false }])).toBeNull();
  });
});
