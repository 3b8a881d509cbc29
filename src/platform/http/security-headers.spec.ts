import { ContentSecurityPolicy, cspWithNonce, staticHelmetHeaders } from './security-headers.js';

describe('staticHelmetHeaders', () => {
  it("records helmet's headers with the options given", () => {
    const headers = staticHelmetHeaders({ referrerPolicy: { policy: 'strict-origin-when-cross-origin' }, hsts: false, crossOriginEmbedderPolicy: false });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('includes HSTS when asked', () => {
    expect(staticHelmetHeaders({ hsts: { maxAge: 31_536_000, includeSubDomains: true } })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('cspWithNonce', () => {
  it('adds the nonce to script-src and style-src only, and writes value-less directives bare', () => {
    const csp = cspWithNonce({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'upgrade-insecure-requests': [] }, 'abc');
    expect(csp).toBe("default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'; upgrade-insecure-requests");
  });
});

describe('ContentSecurityPolicy', () => {
  const policy = new ContentSecurityPolicy({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'object-src': ["'none'"] });

  it('admits a nonce in script-src and style-src', () => {
    expect(policy.withNonce('n1')).toBe("default-src 'self'; script-src 'self' 'nonce-n1'; style-src 'self' 'nonce-n1'; object-src 'none'");
  });

  it("admits a page's script hashes in script-src and its style hashes in style-src, and nothing inline when it has none", () => {
    expect(policy.withHashes({ scripts: ["'sha256-a'", "'sha256-b'"], styles: ["'sha256-c'"] })).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'sha256-c'; object-src 'none'",
    );
    expect(policy.withHashes({ scripts: [], styles: [] })).toBe("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'");
  });
});
