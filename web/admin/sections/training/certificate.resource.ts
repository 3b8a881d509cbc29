import { defineResource } from '../../api/admin-api.js';

/** docs/api/training-courses.md "Certificates": issued by the training slices, listed and revoked here. */
export type { AdminCertificateView as Certificate } from '../../../../src/modules/training/index.js';

export const certificates = defineResource({ api: '/api/admin/certificates', screens: '/admin/certificates', noun: 'certificate' });
