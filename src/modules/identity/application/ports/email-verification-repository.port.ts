import type { EmailVerificationToken } from '../../domain/email-verification-token.entity.js';

export const EMAIL_VERIFICATION_REPOSITORY = Symbol('EmailVerificationRepository');

export interface EmailVerificationRepository {
  save(token: EmailVerificationToken): Promise<void>;
  /**
   * Marks the token used if it is unused and unexpired — one atomic update, so two requests racing with the
   * same link cannot both succeed. Returns the token (user loaded) or null.
   */
  claim(tokenHash: string, now: Date): Promise<EmailVerificationToken | null>;
  /** The token by its hash whatever its state (to tell "already used by you" from "unknown"), user loaded. */
  findByHash(tokenHash: string): Promise<EmailVerificationToken | null>;
  /** Marks every unused token of the user as used (a new link, a verification or a new address ends the old ones). */
  invalidateAllForUser(userId: number, now: Date): Promise<void>;
}
