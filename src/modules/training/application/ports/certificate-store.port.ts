/** A certificate as stored (training_certificates). */
export interface CertificateRecord {
  code: string;
  enrolmentId: number | null;
  delegateRef: string | null;
  userId: number | null;
  learnerName: string;
  productId: number;
  courseTitle: string;
  accreditation: string | null;
  score: number | null;
  completedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokedReason: string | null;
  issuedAt: Date;
}

export interface CertificateSearch {
  /** Matches the code, the learner's name or the course's title. */
  search?: string;
  offset: number;
  limit: number;
}

/** Certificates: plain SQL rows. */
export interface CertificateStore {
  /** Inserts it; false when the code is already taken (the caller draws another). */
  insert(certificate: CertificateRecord): Promise<boolean>;
  find(code: string): Promise<CertificateRecord | null>;
  /** Marks it revoked unless it already is; false when nothing changed. */
  revoke(code: string, reason: string, at: Date): Promise<boolean>;
  search(query: CertificateSearch): Promise<{ rows: CertificateRecord[]; total: number }>;
}

export const CERTIFICATE_STORE = Symbol('CertificateStore');
