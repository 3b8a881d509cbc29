import type { ShellCompany } from '../../src/platform/ssr/page-context.js';

/**
 * schema.org Organization for the home page (issue 13): search engines show the company's name, logo,
 * phone, address and social pages from it. Everything comes from the SELLER_* settings via the shell.
 */
export function organizationStructuredData(company: ShellCompany, tradingName: string, publicUrl: string, logoUrl: string): Record<string, unknown> {
  const lines = [...company.address_lines];
  const postcode = lines.length > 1 ? lines.pop()! : undefined;
  const town = lines.length > 1 ? lines.pop()! : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: tradingName,
    legalName: company.legal_name,
    url: `${publicUrl}/`,
    logo: logoUrl.startsWith('/') ? `${publicUrl}${logoUrl}` : logoUrl,
    telephone: company.phone_e164,
    email: company.email,
    vatID: company.vat_number.replace(/\s+/g, ''),
    // Companies House number: schema.org's generic identifier for a company registration.
    identifier: { '@type': 'PropertyValue', propertyID: 'Companies House', value: company.company_number },
    address: {
      '@type': 'PostalAddress',
      streetAddress: lines.join(', '),
      ...(town ? { addressLocality: town } : {}),
      ...(postcode ? { postalCode: postcode } : {}),
      addressCountry: 'GB',
    },
    sameAs: company.social_links.map((link) => link.href),
  };
}
