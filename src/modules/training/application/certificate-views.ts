import type { CertificateStatus } from '../../../shared/contracts/training.js';
import { certificateStatus } from '../domain/certificate.js';
import type { CertificateRecord } from './ports/certificate-store.port.js';

/**
 * The public verification (`GET /api/certificates/{code}`, `/certificates/{code}`): the learner's name and the course,
 * nothing else personal (product.md) — no score, no e-mail, no employer.
 */
export interface CertificateVerification {
  code: string;
  learner_name: string;
  course_title: string;
  completed_at: string;
  expires_at: string | null;
  status: CertificateStatus;
  /** When it was revoked (the page says so); never the reason, which is staff's. */
  revoked_at: string | null;
}

/** A certificate in the portal's list. */
export interface AdminCertificateView extends CertificateVerification {
  product_id: number;
  user_id: number | null;
  enrolment_id: number | null;
  accreditation: string | null;
  score: number | null;
  revoked_reason: string | null;
  issued_at: string;
}

export function verificationView(c: CertificateRecord, now: Date): CertificateVerification {
  return {
    code: c.code, learner_name: c.learnerName, course_title: c.courseTitle, completed_at: c.completedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null, status: certificateStatus(c, now), revoked_at: c.revokedAt?.toISOString() ?? null,
  };
}

export function adminCertificateView(c: CertificateRecord, now: Date): AdminCertificateView {
  return {
    ...verificationView(c, now), product_id: c.productId, user_id: c.userId, enrolment_id: c.enrolmentId, accreditation: c.accreditation,
    score: c.score, revoked_reason: c.revokedReason, issued_at: c.issuedAt.toISOString(),
  };
}
