import { randomBytes } from 'node:crypto';

/** The characters a key may contain: what is safe unescaped in a URL path, a file name and an S3 key. */
const KEY_CHARACTERS = /^[A-Za-z0-9._/-]+$/;
const FOLDER = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;
const EXTENSION = /^[a-z0-9]{1,10}$/;
/** The catalogue's storage_key columns are varchar(300). */
export const MAX_KEY_LENGTH = 300;

export type Visibility = 'public' | 'private';

/** A key the application tried to use that could escape its folder or would not survive a URL. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 80))}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Why `key` is not a valid storage key, or null when it is one. */
export function storageKeyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'it is empty';
  if (key.length > MAX_KEY_LENGTH) return `it is longer than ${MAX_KEY_LENGTH} characters`;
  if (key.includes('\u0000')) return 'it contains a NUL character';
  if (key.includes('\\')) return 'it contains a backslash';
  if (key.startsWith('/')) return 'it is absolute';
  if (key.includes('..')) return 'it contains ".."';
  if (!KEY_CHARACTERS.test(key)) return 'only letters, digits, ".", "_", "-" and "/" are allowed';
  // Empty or "." segments: `a//b`, `a/./b`, `a/` would name the same file as another key, or a folder.
  if (key.split('/').some((segment) => segment === '' || segment === '.')) return 'it has an empty or "." segment';
  return null;
}

/** Throws InvalidStorageKeyError unless `key` is valid; every FileStorage adapter calls it first. */
export function assertStorageKey(key: string): void {
  const problem = storageKeyProblem(key);
  if (problem) throw new InvalidStorageKeyError(key, problem);
}

/**
 * A fresh, unguessable key: `public/products/12/Xb3…Q.webp` (16 random bytes, base64url). Public files are
 * cached for a year as immutable, so new bytes always get a new key; private keys must not be guessable.
 */
export function newStorageKey(visibility: Visibility, folder: string, extension: string): string {
  if (visibility !== 'public' && visibility !== 'private') throw new InvalidStorageKeyError(String(visibility), 'visibility must be public or private');
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!FOLDER.test(folder)) throw new InvalidStorageKeyError(folder, 'the folder must be lower-case words separated by "/"');
  if (!EXTENSION.test(ext)) throw new InvalidStorageKeyError(extension, 'the extension must be 1–10 letters or digits');
  const key = `${visibility}/${folder}/${randomBytes(16).toString('base64url')}.${ext}`;
  assertStorageKey(key);
  return key;
}
