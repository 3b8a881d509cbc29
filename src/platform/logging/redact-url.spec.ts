import { redactUrl } from './logging.module.js';

describe('redactUrl', () => {
  it('hides password-reset tokens and secret query parameters', () => {
    expect(redactUrl('/password/reset/abcDEF123?email=jo%40acme.co.uk')).toBe('/password/reset/[redacted]?email=%5Bredacted%5D');
    expect(redactUrl('/password/reset/abc/index.pageContext.json')).toBe('/password/reset/[redacted]/index.pageContext.json');
    expect(redactUrl('/api/oauth/oidc/callback?code=xyz&state=s1&iss=https%3A%2F%2Fidp')).toBe(
      '/api/oauth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=https%3A%2F%2Fidp',
    );
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/category?search=fire+safety')).toBe('/category?search=fire+safety');
    expect(redactUrl('/api/widget?name=home-intro')).toBe('/api/widget?name=home-intro');
    expect(redactUrl('/password/reset')).toBe('/password/reset');
  });
});
