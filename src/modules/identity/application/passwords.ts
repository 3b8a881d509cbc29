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
 * argon2id at OWASP's first recommended setting (19 MiB of memory, 2 passes, 1 lane). The library's default (64 MiB,
 * t=3, p=4) held 64 MiB of native memory per sign-in or sign-up: four at once were a quarter of a gigabyte against
 * the server's 300 MB budget (issue 16, ADR 0027). Hashes made with other settings still verify (they carry their
 * own), and a successful sign-in rewrites them with these (`needsRehash`).
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** At most two hashes at a time: each takes a libuv thread and 19 MiB; the rest wait their turn (a few ms each). */
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

const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$fqg0ZKa7k2T+BhcwGalg4g$b0GoDvlyeFYHC47OCUsD4d6q6qf5GZWtvWyd7P4EX/c';
