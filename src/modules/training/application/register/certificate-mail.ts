import type { MailMessage } from '../../../../platform/mail/index.js';

const ukDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The attended delegate's certificate: where anyone can check it and where its PDF is (ADR 0049). */
export function attendanceCertificateMail(input: {
  to: string; name: string; course: string; session: string; code: string; verifyUrl: string; pdfUrl: string; expiresAt: Date | null;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your certificate for "${input.course}"`,
    text:
      `Hello ${input.name},\n\nThank you for attending "${input.course}" (${input.session}). Your certificate is ready.\n\n` +
      `Certificate code: ${input.code}\n` +
      `Check it online (anyone you show it to can): ${input.verifyUrl}\n` +
      `Download the certificate (PDF): ${input.pdfUrl}\n\n` +
      (input.expiresAt ? `It is valid until ${ukDate(input.expiresAt)}.\n\n` : 'It does not expire.\n\n') +
      'Keep this e-mail: your employer may ask for the code for their training records.\n',
  };
}
