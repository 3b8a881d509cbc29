import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';

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
});
