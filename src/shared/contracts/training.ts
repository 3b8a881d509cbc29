/**
 * The training module's limits, shared by its rules, its request DTOs and the storefront's invitation form
 * (ADR 0039: web/ imports values only from src/shared/contracts/).
 */
export const TRAINING_LIMITS = {
  /** Addresses one invitation request may carry: a large firm's list, not a mailing list. */
  invitationsPerRequest: 500,
  email: 254,
  /** The learner's name as it goes on the certificate. */
  learnerName: 200,
  /** Days an invitation link works. */
  invitationDays: 14,
} as const;
