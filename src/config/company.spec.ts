import { companyDetailsFrom, DEMO_SELLER_EMAIL, ukPhoneE164 } from './company.js';
import { loadEnvironment } from './environment.js';

describe('company details', () => {
  it('come from the SELLER_* settings', () => {
    const company = companyDetailsFrom(loadEnvironment({
      SELLER_NAME: 'Safety Films Ltd', SELLER_ADDRESS: '1 High Street\nYork, YO1 7HH', SELLER_VAT_NUMBER: 'gb 987 6543 21',
      SELLER_COMPANY_NUMBER: 'sc123456', SELLER_PHONE: '01904 123456', SELLER_SOCIAL_LINKS: 'https://www.linkedin.com/company/x, https://example.org/us',
    }));
    expect(company.legalName).toBe('Safety Films Ltd');
    expect(company.addressLines).toEqual(['1 High Street', 'York', 'YO1 7HH']);
    expect(company.vatNumber).toBe('GB987654321');
    expect(company.vatNumberDisplay).toBe('GB 987 6543 21');
    expect(company.companyNumber).toBe('SC123456');
    expect(company.phoneE164).toBe('+441904123456');
    expect(company.socialLinks).toEqual([
      { href: 'https://www.linkedin.com/company/x', label: 'LinkedIn' },
      { href: 'https://example.org/us', label: 'example.org' },
    ]);
  });

  it('have demo values so a new machine starts', () => {
    const company = companyDetailsFrom(loadEnvironment({}));
    expect(company.legalName).toBe('HS Training Direct Ltd');
    expect(company.vatNumber).toMatch(/^GB\d{9}$/);
    // Not MAIL_FROM's placeholder no-reply@localhost, which nobody reads (issue 28).
    expect(company.email).toBe(DEMO_SELLER_EMAIL);
    expect(company.socialLinks.map((link) => link.label)).toEqual(['LinkedIn', 'Facebook', 'X', 'YouTube']);
  });

  it('take the e-mail from SELLER_EMAIL, else ENQUIRIES_TO, else the address in MAIL_FROM', () => {
    const email = (env: Record<string, string>) => companyDetailsFrom(loadEnvironment(env)).email;
    expect(email({ SELLER_EMAIL: 'a@x.example', ENQUIRIES_TO: 'b@x.example', MAIL_FROM: 'Shop <c@x.example>' })).toBe('a@x.example');
    expect(email({ ENQUIRIES_TO: 'b@x.example', MAIL_FROM: 'Shop <c@x.example>' })).toBe('b@x.example');
    expect(email({ MAIL_FROM: 'Shop <c@x.example>' })).toBe('c@x.example');
    expect(email({ MAIL_FROM: 'c@x.example' })).toBe('c@x.example');
  });

  it('refuse a VAT number that is not a UK one, and an empty social list is allowed', () => {
    expect(() => loadEnvironment({ SELLER_VAT_NUMBER: 'DE123456789' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => loadEnvironment({ SELLER_SOCIAL_LINKS: 'http://insecure.example' })).toThrow(/SELLER_SOCIAL_LINKS/);
    expect(companyDetailsFrom(loadEnvironment({ SELLER_SOCIAL_LINKS: '' })).socialLinks).toEqual([]);
  });

  it('write UK numbers in international form', () => {
    expect(ukPhoneE164('01234 567890')).toBe('+441234567890');
    expect(ukPhoneE164('+44 (0)20 7946 0000'.replace('(0)', ''))).toBe('+442079460000');
    expect(ukPhoneE164('0044 20 7946 0000')).toBe('+442079460000');
  });
});
