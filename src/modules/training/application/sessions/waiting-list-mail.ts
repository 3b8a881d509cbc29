import type { MailMessage } from '../../../../platform/mail/index.js';

/** The one e-mail a waiting customer gets when places free up: which date, how many places, where to book. */
export function placesFreedMail(input: { to: string; course: string; session: string; placesLeft: number; link: string }): MailMessage {
  const places = input.placesLeft === 1 ? 'A place has' : `${input.placesLeft} places have`;
  return {
    to: input.to,
    subject: `A place is free on "${input.course}", ${input.session}`,
    text:
      `Hello,\n\n${places} come free on the open course "${input.course}" on ${input.session}, which you were waiting for.\n\n` +
      'Everybody on the waiting list hears at the same time, and places go to whoever books first. Book here:\n' +
      `${input.link}\n\n` +
      'This is the only e-mail we send for this freeing: if the date fills again, join the waiting list again on the same page.\n',
  };
}
