import type { FeatureSlice } from '../../platform/feature-slice.js';
import { PdfkitCertificateRenderer } from './adapters/documents/pdfkit-certificate.renderer.js';
import { AdminCertificatesController } from './adapters/http/admin-certificates.controller.js';
import { CertificatesController } from './adapters/http/certificates.controller.js';
import { SqlCertificateStore } from './adapters/persistence/sql-certificate.store.js';
import { CertificateService } from './application/certificate.service.js';
import { CERTIFICATE_RENDERER } from './application/ports/certificate-renderer.port.js';
import { CERTIFICATE_STORE } from './application/ports/certificate-store.port.js';

/**
 * Certificates (issue 26): issued by the learner slice and open courses through CertificateService, verified publicly
 * by code (JSON, the PDF, the `/certificates/{code}` page), listed and revoked by staff.
 */
export const certificatesFeature: FeatureSlice = {
  controllers: [CertificatesController, AdminCertificatesController],
  providers: [
    CertificateService,
    { provide: CERTIFICATE_STORE, useClass: SqlCertificateStore },
    { provide: CERTIFICATE_RENDERER, useClass: PdfkitCertificateRenderer },
  ],
  exports: [CertificateService],
  entities: [],
};
