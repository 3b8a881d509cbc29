import type { MailMessage } from '../../../platform/mail/index.js';

/** The invitation e-mail: who invited whom to which course, the single-use link and until when it works. */
export function invitationMail(input: { to: string; course: string; inviter: string; link: string; expiresAt: Date }): MailMessage {
  const until = input.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  return {
    to: input.to,
    subject: `You are invited to the online course "${input.course}"`,
    text:
      `Hello,\n\n${input.inviter} has given you a seat on the online course "${input.course}".\n\n` +
      `Open this link to start: sign in or create an account, and the course is yours (the link works once, until ${until}):\n` +
      `${input.link}\n\n` +
      'When you complete the course and pass its assessment you get a certificate in your name.\n\n' +
      'If you were not expecting this, you can ignore this e-mail.\n',
  };
}
