/**
 * The training module's limits and vocabularies (issue 26, product.md "Training module"), shared by the rules in the
 * module's domain, its request DTOs, the storefront's invitation form and the portal's Course tab (web/ imports values
 * only from src/shared/contracts/, ADR 0039). Plain values: this file imports nothing.
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

export const COURSE_LIMITS = {
  /** Longest film, in seconds (10 hours: no training film comes near). */
  duration: 36_000,
  chapters: 50,
  chapterTitle: 200,
  questions: 100,
  questionText: 1000,
  answersMin: 2,
  answersMax: 5,
  answerText: 500,
  passMarkMin: 1,
  passMarkMax: 100,
  validityMonthsMin: 1,
  validityMonthsMax: 120,
  accreditation: 200,
} as const;

export const CERTIFICATE_LIMITS = {
  /** Characters of a certificate code: base32 (RFC 4648 without padding), 60 bits of randomness. */
  codeLength: 12,
  revokedReason: 500,
  learnerName: 200,
} as const;

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** A certificate code's shape: what the public routes accept before they look anything up. */
export const CERTIFICATE_CODE_PATTERN = /^[A-Z2-7]{12}$/;
