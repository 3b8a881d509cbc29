import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for the client and the SHA-256 we store; the token itself is never stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
