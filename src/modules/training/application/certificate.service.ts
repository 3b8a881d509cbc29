import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CompanyDetails } from '../../../config/company.js';
import { Environment } from '../../../config/environment.js';
import { RateLimiter } from '../../../platform/rate-limit/index.js';
import { CERTIFICATE_LIMITS } from '../../../shared/contracts/training.js';
import { InvalidInputError, NotFoundError, RateLimitedError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { certificateCode, expiryOf, normaliseCertificateCode } from '../domain/certificate.js';
import { adminCertificateView, verificationView, type AdminCertificateView, type CertificateVerification } from './certificate-views.js';
import { CERTIFICATE_RENDERER, type CertificateRenderer } from './ports/certificate-renderer.port.js';
import { CERTIFICATE_STORE, type CertificateRecord, type CertificateStore } from './ports/certificate-store.port.js';

export type { AdminCertificateView, CertificateVerification } from './certificate-views.js';

/** What issuing a certificate needs: the learner slice (a passed assessment) and open courses (attendance) call it. */
export interface IssueCertificate {
  learnerName: string;
  productId: number;
  courseTitle: string;
  accreditation?: string | null;
  /** 0–100, or null (attendance has no score). */
  score?: number | null;
  completedAt: Date;
  /** The course's validity; null = the certificate never expires. */
  validityMonths: number | null;
  enrolmentId?: number | null;
  delegateRef?: string | null;
  userId?: number | null;
}

/** Unknown codes one address may look up per hour before it waits: plenty for people, slow for guessing. */
export const UNKNOWN_CODE_LOOKUPS_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

/**
 * Certificates (product.md "Certificates", ADR 0041): issued by the training slices, verified publicly by code, drawn
 * as a PDF, revoked by staff. The code is the only key the public has, so it is random (60 bits) and lookups of
 * unknown codes are lightly rate-limited per address.
 */
@Injectable()
export class CertificateService {
  constructor(
    @Inject(CERTIFICATE_STORE) private readonly certificates: CertificateStore,
    @Inject(CERTIFICATE_RENDERER) private readonly renderer: CertificateRenderer,
    private readonly company: CompanyDetails,
    private readonly env: Environment,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** Issues a certificate and answers its code (a clash of random codes, however unlikely, draws another). */
  async issue(input: IssueCertificate, now = new Date()): Promise<string> {
    const learnerName = input.learnerName.trim().slice(0, CERTIFICATE_LIMITS.learnerName);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = certificateCode(randomBytes(8));
      const record: CertificateRecord = {
        code, learnerName, productId: input.productId, courseTitle: input.courseTitle.slice(0, 200), accreditation: input.accreditation ?? null,
        score: input.score ?? null, completedAt: input.completedAt, expiresAt: expiryOf(input.completedAt, input.validityMonths),
        enrolmentId: input.enrolmentId ?? null, delegateRef: input.delegateRef ?? null, userId: input.userId ?? null,
        revokedAt: null, revokedReason: null, issuedAt: now,
      };
      if (await this.certificates.insert(record)) return code;
    }
    throw new Error('Could not draw an unused certificate code.');
  }

  /** The public verification; NotFound for an unknown code, rate-limited per `client` (an address key) when unknown. */
  async verify(typedCode: string, client?: string, now = new Date()): Promise<CertificateVerification> {
    return verificationView(await this.find(typedCode, client), now);
  }

  /** Revokes it (a second revoke keeps the first reason and time); staff's name goes into the reason's record. */
  async revoke(typedCode: string, reason: string, staff: string, now = new Date()): Promise<AdminCertificateView> {
    const code = normaliseCertificateCode(typedCode);
    const text = reason.trim();
    if (!text) throw new InvalidInputError('reason', 'Say why the certificate is revoked.');
    if (!code || !(await this.certificates.find(code))) throw new NotFoundError('Certificate');
    await this.certificates.revoke(code, `${text} (${staff})`.slice(0, CERTIFICATE_LIMITS.revokedReason), now);
    return adminCertificateView((await this.certificates.find(code))!, now);
  }

  /** The certificate's PDF (a revoked one still draws, marked as revoked). */
  async pdf(typedCode: string, client?: string): Promise<{ code: string; body: Readable }> {
    const c = await this.find(typedCode, client);
    return {
      code: c.code,
      body: this.renderer.renderPdf({
        code: c.code, learnerName: c.learnerName, courseTitle: c.courseTitle, accreditation: c.accreditation, score: c.score,
        completedAt: c.completedAt, expiresAt: c.expiresAt, revoked: c.revokedAt !== null,
        seller: { tradingName: this.company.tradingName, legalName: this.company.legalName }, verifyUrl: this.verifyUrl(c.code),
      }),
    };
  }

  /** Staff's list, newest first; `search` matches the code, the learner's name or the course. */
  async list(query: { search?: string; page: number; perPage: number }, now = new Date()): Promise<Page<AdminCertificateView>> {
    const { rows, total } = await this.certificates.search({ search: query.search, offset: (query.page - 1) * query.perPage, limit: query.perPage });
    return pageOf(rows.map((row) => adminCertificateView(row, now)), total, query.page, query.perPage);
  }

  verifyUrl(code: string): string {
    return `${this.env.publicUrl}/certificates/${code}`;
  }

  private async find(typedCode: string, client?: string): Promise<CertificateRecord> {
    const code = normaliseCertificateCode(typedCode);
    const found = code ? await this.certificates.find(code) : null;
    if (found) return found;
    if (client) {
      const limit = await this.rateLimiter.hit(`certificate-lookup:${client}`, HOUR_MS);
      if (limit.hits > UNKNOWN_CODE_LOOKUPS_PER_HOUR) {
        throw new RateLimitedError('Too many certificate lookups. Please try again later.', limit.retryAfterSeconds);
      }
    }
    throw new NotFoundError('Certificate');
  }
}
