import { landingPageFor, loginUrlFor, safeRedirectPath, withReturn } from './redirect.js';

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

describe('landingPageFor (issue 28: staff land in the portal)', () => {
  it('is /admin for an administrator and /account for anyone else', () => {
    expect(landingPageFor('admin')).toBe('/admin');
    expect(landingPageFor('customer')).toBe('/account');
    expect(landingPageFor(undefined)).toBe('/account');
  });
});

describe('withReturn (the return address carried between sign-in and registration)', () => {
  it('carries a same-site path and drops anything else', () => {
    expect(withReturn('/register', '/checkout')).toBe('/register?redirect=%2Fcheckout');
    expect(withReturn('/login', '/checkout?step=2')).toBe('/login?redirect=%2Fcheckout%3Fstep%3D2');
    expect(withReturn('/register', 'https://evil.example/')).toBe('/register');
    expect(withReturn('/register', '//evil.example')).toBe('/register');
    expect(withReturn('/register', null)).toBe('/register');
  });
});
