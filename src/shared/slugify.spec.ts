import { slugify } from './slugify.js';

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
