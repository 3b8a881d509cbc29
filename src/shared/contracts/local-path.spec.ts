import { localPath } from './local-path.js';

describe('localPath (where to return after signing in)', () => {
  it.each(['/checkout', '/account/orders?page=2', '/products/fire-safety#options'])('keeps the same-site path %s', (path) => {
    expect(localPath(path)).toBe(path);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'checkout', '/a\nb', '', 42, null, `/${'a'.repeat(2001)}`])(
    'refuses %p',
    (value) => {
      expect(localPath(value)).toBeNull();
    },
  );
});
