import { lowestActivePrice } from './price-from.js';
import { slugify } from './slugify.js';

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

describe('slugify', () => {
  it('makes lower-case words joined by dashes', () => {
    expect(slugify('Fire Marshal & Warden: Essentials', 160)).toBe('fire-marshal-and-warden-essentials');
    expect(slugify('  Café  Safety — Level 2 ', 160)).toBe('cafe-safety-level-2');
  });

  it('cuts at the limit without a trailing dash, and is empty when nothing is usable', () => {
    expect(slugify('abc def', 4)).toBe('abc');
    expect(slugify('★★★', 160)).toBe('');
  });
});
