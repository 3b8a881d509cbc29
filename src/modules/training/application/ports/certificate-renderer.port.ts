import type { Readable } from 'node:stream';

/** What a certificate's PDF shows (product.md "Certificates"). */
export interface CertificateDocument {
  code: string;
  learnerName: string;
  courseTitle: string;
  accreditation: string | null;
  score: number | null;
  completedAt: Date;
  expiresAt: Date | null;
  revoked: boolean;
  /** The seller's trading and legal names, as the invoices print them. */
  seller: { tradingName: string; legalName: string };
  /** The public verification page's address, printed and drawn as a QR code. */
  verifyUrl: string;
}

/** Draws a certificate as a PDF, streamed as it is drawn. */
export interface CertificateRenderer {
  renderPdf(document: CertificateDocument): Readable;
}

export const CERTIFICATE_RENDERER = Symbol('CertificateRenderer');
