import { createRequire } from 'node:module';
import argon2 from 'argon2';
import { ConcurrencyLimit } from '../../../shared/concurrency-limit.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * ~49,000 of the most common breached passwords (zxcvbn-ts's list), compared case-insensitively. Loaded and lowered at
 * the first new password, not at start-up: ~6 MB of heap that most requests never use (ADR 0027, memory at start).
 */
const require = createRequire(import.meta.url);
let commonPasswords: Set<string> | undefined;
function isCommonPassword(lowered: string): boolean {
  if (!commonPasswords) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    commonPasswords = new Set(dictionary['passwords-common']!.map((p) => p.toLowerCase()));
  }
  return commonPasswords.has(lowered);
}

/** Why a new password is refused (empty when it is acceptable). Length is checked by the request DTO too. */
export function passwordProblems(password: string, personal: string[] = []): string[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`];
  if (password.length > PASSWORD_MAX_LENGTH) return [`The password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`];
  const lower = password.toLowerCase();
  if (isCommonPassword(lower)) return ['This password is too common; choose another.'];
  if (personal.some((word) => word.length >= 4 && lower === word.toLowerCase())) {
    return ['The password may not be your name or e-mail address.'];
  }
  return [];
}

/**
 * argon2id at one of OWASP's recommended settings: 7 MiB of memory, 5 passes, 1 lane (OWASP lists it beside 19 MiB/t=2
 * and 12 MiB/t=3 as giving the same defence, trading memory for passes). The library's default (64 MiB, t=3, p=4) held
 * 64 MiB of native memory per sign-in or sign-up: four at once were a quarter of a gigabyte against the server's 300 MB
 * budget, and even 19 MiB showed in the peak under load (issue 16, ADR 0027). Hashes made with other settings still
 * verify (they carry their own), and a successful sign-in rewrites them with these (`needsRehash`).
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/** At most two hashes at a time: each takes a libuv thread and 7 MiB; the rest wait their turn. */
const hashing = new ConcurrencyLimit(2);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, HASH_OPTIONS));
}

export function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // A missing account spends the same time on a dummy hash of the same settings, so it cannot be told apart by timing.
  return hashing.run(() => argon2.verify(hash ?? DUMMY_HASH, password).then((ok) => ok && hash !== null).catch(() => false));
}

/** Whether a stored hash was made with other settings than today's (rewritten after the next successful sign-in). */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return false; // not an argon2 hash at all: verifyPassword refuses it anyway
  }
}

const DUMMY_HASH = '$argon2id$v=19$m=7168,p=1,t=5$ujSvdlGlbw+2cja9gIuz/A$l4uYyzZqEQBtodLLZGsZVbJ4Xx9rCvaEVBHz4fEF9VY';
