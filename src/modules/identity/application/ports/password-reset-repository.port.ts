import type { PasswordResetToken } from '../../domain/password-reset-token.entity.js';

export const PASSWORD_RESET_REPOSITORY = Symbol('PasswordResetRepository');

export interface PasswordResetRepository {
  save(token: PasswordResetToken): Promise<void>;
  /**
   * Marks the token used if it is unused, unexpired and was sent to `email` — one atomic update, so two
   * requests racing with the same link cannot both succeed. Returns the token (user loaded) or null.
   */
  claim(tokenHash: string, email: string, now: Date): Promise<PasswordResetToken | null>;
  /** Marks every unused token of the user as used (a new request or a successful reset ends the old ones). */
  invalidateAllForUser(userId: number, now: Date): Promise<void>;
}
