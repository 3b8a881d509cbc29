import { attendanceCertificateMail } from './certificate-mail.js';

const input = {
  to: 'dana@example.com', name: 'Dana Delegate', course: 'Fire Marshal', session: 'Thu 10 Jan 2030, 09:00–16:00, Leeds', code: 'ABCD2345EFGH',
  verifyUrl: 'https://shop.example/certificates/ABCD2345EFGH', pdfUrl: 'https://shop.example/api/certificates/ABCD2345EFGH.pdf',
};

describe('the attendance certificate e-mail (ADR 0049)', () => {
  it('gives the code, the verification page and the PDF, and the expiry in UK words', () => {
    const mail = attendanceCertificateMail({ ...input, expiresAt: new Date('2031-01-10T16:00:00Z') });
    expect(mail).toMatchObject({ to: 'dana@example.com', subject: 'Your certificate for "Fire Marshal"' });
    for (const part of ['Dana Delegate', 'ABCD2345EFGH', input.verifyUrl, input.pdfUrl, 'Thu 10 Jan 2030', 'valid until 10 January 2031']) expect(mail.text).toContain(part);
  });

  it('says a certificate without an expiry does not expire', () => {
    expect(attendanceCertificateMail({ ...input, expiresAt: null }).text).toContain('It does not expire.');
  });
});
