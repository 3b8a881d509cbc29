import { organizationStructuredData } from './organization-structured-data.js';

describe('organizationStructuredData', () => {
  const company = {
    legal_name: 'Safety Films Ltd', address_lines: ['Unit 4', 'Riverside Business Park', 'Leeds', 'LS10 1AB'], country: 'United Kingdom',
    phone: '0113 496 0000', phone_e164: '+441134960000', email: 'hello@safetyfilms.example', vat_number: 'GB 987 6543 21',
    company_number: '01234567', social_links: [{ href: 'https://www.linkedin.com/company/sf', label: 'LinkedIn' }],
  };

  it('names the company, its address, phone, VAT number and social pages', () => {
    const data = organizationStructuredData(company, 'Safety Films', 'https://shop.example', '/assets/logo.svg');
    expect(data).toMatchObject({
      '@type': 'Organization', name: 'Safety Films', legalName: 'Safety Films Ltd', url: 'https://shop.example/',
      logo: 'https://shop.example/assets/logo.svg', telephone: '+441134960000', vatID: 'GB987654321',
      address: { streetAddress: 'Unit 4, Riverside Business Park', addressLocality: 'Leeds', postalCode: 'LS10 1AB', addressCountry: 'GB' },
      sameAs: ['https://www.linkedin.com/company/sf'],
    });
  });
});
