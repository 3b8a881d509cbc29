import argon2 from 'argon2';
import { hashPassword, passwordNeedsRehash, passwordProblems, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('refuses short, overlong, common and personal passwords', () => {
    expect(passwordProblems('short1!')).toEqual(['The password must be at least 8 characters.']);
    expect(passwordProblems('x'.repeat(129))).toEqual(['The password may not be longer than 128 characters.']);
    expect(passwordProblems('password')).toEqual(['This password is too common; choose another.']);
    expect(passwordProblems('Qwertyuiop')).toEqual(['This password is too common; choose another.']);
    expect(passwordProblems('jo.bloggs@acme.co.uk', ['jo.bloggs@acme.co.uk'])).toEqual([
      'The password may not be your name or e-mail address.',
    ]);
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery staple')).toBe(false);
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
  });

  it("hashes at an OWASP setting (7 MiB, t=5, p=1) and tells older hashes apart so they are rewritten", async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(passwordNeedsRehash(hash)).toBe(false);
    const old = await argon2.hash('correct horse battery staple', { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(await verifyPassword(old, 'correct horse battery staple')).toBe(true);
    expect(passwordNeedsRehash(old)).toBe(true);
    expect(passwordNeedsRehash('not a hash')).toBe(false);
  });
});
