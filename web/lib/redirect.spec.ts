import { loginUrlFor, safeRedirectPath } from './redirect.js';

describe('safeRedirectPath', () => {
  it.each(['/account', '/account/orders?page=2', '/admin/users/42#details', '/category?search=fire%20safety'])('keeps the same-site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ['another host, protocol-relative', '//evil.example/steal'],
    ['another host, backslash', '/\\evil.example'],
    ['a backslash later on', '/account\\..\\x'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'account'],
    ['a control character', '/acc\nount'],
    ['a tab that browsers strip', '/\t/evil.example'],
    ['nothing', ''],
  ])('refuses %s', (_what, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectPath('/account/../admin')).toBe('/admin');
    expect(safeRedirectPath('/../../x')).toBe('/x');
  });
});

describe('loginUrlFor', () => {
  it('carries the page to come back to', () => {
    expect(loginUrlFor('/account/profile')).toBe('/login?redirect=%2Faccount%2Fprofile');
    expect(loginUrlFor('/account/orders?page=2')).toBe('/login?redirect=%2Faccount%2Forders%3Fpage%3D2');
  });

  it('leaves out a home page or an unsafe target', () => {
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('//evil.example')).toBe('/login');
  });
});
