import { assertStorageKey, InvalidStorageKeyError, newStorageKey, storageKeyProblem } from './storage-key.js';
import { etagMatches, mediaKeyOf } from './media.controller.js';

describe('storage keys', () => {
  it.each(['public/products/12/abc.webp', 'private/files/x-y_z.pdf', 'a', 'public/brands/-Ab_9.png'])('accepts %s', (key) => {
    expect(storageKeyProblem(key)).toBeNull();
  });

  it.each([
    ['', 'it is empty'],
    ['/etc/passwd', 'it is absolute'],
    ['public/../private/x', 'it contains ".."'],
    ['..', 'it contains ".."'],
    ['public/a..b', 'it contains ".."'],
    ['public\\a', 'it contains a backslash'],
    ['public/a\u0000b', 'it contains a NUL character'],
    ['public/a b', 'only letters'],
    ['public/é.png', 'only letters'],
    ['public/a%2e', 'only letters'],
    ['public/a~content-type', 'only letters'],
    ['public//a', 'empty or "." segment'],
    ['public/./a', 'empty or "." segment'],
    ['public/a/', 'empty or "." segment'],
    ['x'.repeat(301), 'longer than 300'],
  ])('refuses %j', (key, reason) => {
    expect(storageKeyProblem(key)).toContain(reason);
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
  });

  it('makes unguessable keys under the visibility and folder', () => {
    const key = newStorageKey('public', 'products/12', 'WEBP');
    expect(key).toMatch(/^public\/products\/12\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(newStorageKey('private', 'files', '.pdf')).toMatch(/^private\/files\/[A-Za-z0-9_-]{22}\.pdf$/);
    const many = new Set(Array.from({ length: 1000 }, () => newStorageKey('public', 'brands', 'png')));
    expect(many.size).toBe(1000);
  });

  it('refuses bad visibilities, folders and extensions', () => {
    expect(() => newStorageKey('secret' as 'public', 'x', 'png')).toThrow(InvalidStorageKeyError);
    expect(() => newStorageKey('public', '../x', 'png')).toThrow(InvalidStorageKeyError);
    expect(() => newStorageKey('public', '/x', 'png')).toThrow(InvalidStorageKeyError);
    expect(() => newStorageKey('public', 'x//y', 'png')).toThrow(InvalidStorageKeyError);
    expect(() => newStorageKey('public', 'x', 'p/ng')).toThrow(InvalidStorageKeyError);
    expect(() => newStorageKey('public', 'x', '')).toThrow(InvalidStorageKeyError);
  });
});

describe('media paths', () => {
  it('maps /media/<rest> to public/<rest>', () => {
    expect(mediaKeyOf('/media/products/12/a.webp')).toBe('public/products/12/a.webp');
    expect(mediaKeyOf('/media/products/12/a.webp?v=1')).toBe('public/products/12/a.webp');
  });

  it.each(['/media/', '/media/../private/x', '/media/%2e%2e/private/x', '/media/a%2fb', '/media//etc/passwd', '/media/a//b', '/media/a\\b', '/other/x', '/media/a/./b'])(
    'refuses %s',
    (url) => {
      expect(mediaKeyOf(url)).toBeNull();
    },
  );

  it('compares entity tags weakly, in lists and with *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
