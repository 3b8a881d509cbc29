import { createHash, randomBytes } from 'node:crypto';

/**
 * An invitation link's secret: 256 random bits for the e-mail, and the SHA-256 we store (as identity's reset and
 * verification links; a leaked table gives no usable link).
 */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A link token as we make them (43 base64url characters); anything else is not looked up. */
export function plausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,200}$/.test(token);
}
