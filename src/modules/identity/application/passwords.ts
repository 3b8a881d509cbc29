import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** ~49,000 of the most common breached passwords (zxcvbn-ts's list), compared case-insensitively. */
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Why a new password is refused (empty when it is acceptable). Length is checked by the request DTO too. */
export function passwordProblems(password: string, personal: string[] = []): string[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`];
  if (password.length > PASSWORD_MAX_LENGTH) return [`The password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`];
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return ['This password is too common; choose another.'];
  if (personal.some((word) => word.length >= 4 && lower === word.toLowerCase())) {
    return ['The password may not be your name or e-mail address.'];
  }
  return [];
}

/** argon2id with the library's defaults (64 MiB, t=3, p=4): OWASP's recommended parameters or stronger. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    // Spend the same time as a real check so a missing account cannot be told apart by timing.
    await argon2.verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$1cZ8yQ5F0M1vKk7Q0lTVkDcxbX2dY3L8c9r3oD6cJ+o';
