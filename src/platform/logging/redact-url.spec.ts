import { redactUrl } from './logging.module.js';

describe('redactUrl', () => {
  it('hides password-reset tokens and secret query parameters', () => {
    expect(redactUrl('/password/reset/abcDEF123?email=jo%40acme.co.uk')).toBe('/password/reset/[redacted]?email=%5Bredacted%5D');
    expect(redactUrl('/password/reset/abc/index.pageContext.json')).toBe('/password/reset/[redacted]/index.pageContext.json');
    expect(redactUrl('/api/oauth/oidc/callback?code=xyz&state=s1&iss=https%3A%2F%2Fidp')).toBe(
      '/api/oauth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=https%3A%2F%2Fidp',
    );
    expect(redactUrl('/password/reset/abc?x=1')).toBe('/password/reset/[redacted]?x=1');
    expect(redactUrl('/login?next=%2Faccount&Token=t0p')).toBe('/login?next=%2Faccount&Token=%5Bredacted%5D');
    expect(redactUrl('/api/x?a=1&access_token=t0p')).toBe('/api/x?a=1&access_token=%5Bredacted%5D');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/category?search=fire+safety')).toBe('/category?search=fire+safety');
    expect(redactUrl('/api/widget?name=home-intro')).toBe('/api/widget?name=home-intro');
    expect(redactUrl('/password/reset')).toBe('/password/reset');
    // Keys that only end like a secret one are not secrets; the URL is kept exactly as it came.
    expect(redactUrl('/api/products?category=dvds&zipcode=AB1&barcode=9%20')).toBe('/api/products?category=dvds&zipcode=AB1&barcode=9%20');
  });
});
