import { normalisePostcode, UK_POSTCODE } from './validators.js';

describe('UK postcodes', () => {
  it.each(['SW1A 1AA', 'sw1a1aa', 'LS10 1AB', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA'])('accepts %s', (code) => {
    expect(UK_POSTCODE.test(code)).toBe(true);
  });
  it.each(['', '12345', 'SW1A 1A', 'QQ1 1AA', 'SW1A-1AA', 'LS10 1ABC'])('refuses %s', (code) => {
    expect(UK_POSTCODE.test(code)).toBe(false);
  });
  it('normalises case and spacing', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('m1 1ae')).toBe('M1 1AE');
  });
});
