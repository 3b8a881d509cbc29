import type { MailMessage } from '../../../../platform/mail/index.js';
import { joiningCalendarAttachment, type JoiningEvent } from './joining-calendar.js';

/** The two e-mails a delegate gets: the joining instructions when named, the reminder 2 days before. */
export type JoiningMailKind = 'joining' | 'reminder';

export interface JoiningMailInput extends JoiningEvent {
  kind: JoiningMailKind;
  /** The buyer's company (from the order's billing address), or null for a private buyer. */
  company: string | null;
  orderNumber: string;
  /** Who to call with questions. */
  shop: { name: string; phone: string; email: string };
}

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
// "Thursday 10 January 2030": en-GB puts a comma after the weekday, which reads badly inside "…, 09:00 to 16:00".
const dateLine = {
  format: (date: Date) => {
    const part = (type: Intl.DateTimeFormatPartTypes) => dayParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  },
};
const timeLine = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Tuesday 12 January 2027, 09:30 to 16:30 (UK time)"; a session over several days names both. */
export function sessionWhen(startsAt: Date, endsAt: Date): string {
  const startDay = dateLine.format(startsAt);
  const endDay = dateLine.format(endsAt);
  return startDay === endDay
    ? `${startDay}, ${timeLine.format(startsAt)} to ${timeLine.format(endsAt)} (UK time)`
    : `${startDay} ${timeLine.format(startsAt)} to ${endDay} ${timeLine.format(endsAt)} (UK time)`;
}

/** The joining instructions (or the reminder): when, where or the link, the notes, who booked, and the .ics. */
export function joiningMail(input: JoiningMailInput): MailMessage {
  const when = sessionWhen(input.startsAt, input.endsAt);
  const where = input.online
    ? `Online. Join at: ${input.joiningUrl ?? '(the link follows by e-mail)'}`
    : `Venue: ${input.venue ?? '(to be confirmed)'}`;
  const bookedBy = input.company ? `${input.company} has booked you a place` : 'You have been booked a place';
  const opening = input.kind === 'joining'
    ? `${bookedBy} on the course "${input.course}" (order ${input.orderNumber}).`
    : `A reminder: your course "${input.course}" is coming up${input.company ? `, booked by ${input.company}` : ''} (order ${input.orderNumber}).`;
  const lines = [
    `Hello ${input.delegate.name},`,
    '',
    opening,
    '',
    `When: ${when}`,
    where,
    ...(input.notes ? ['', 'Notes for delegates:', input.notes] : []),
    '',
    'The attached calendar file (course.ics) adds the session to your calendar.',
    '',
    `Questions? Call ${input.shop.name} on ${input.shop.phone} or write to ${input.shop.email}.`,
    '',
  ];
  return {
    to: input.delegate.email,
    subject: input.kind === 'joining' ? `Joining instructions: ${input.course}, ${dateLine.format(input.startsAt)}` : `Reminder: ${input.course}, ${dateLine.format(input.startsAt)}`,
    text: lines.join('\n'),
    attachments: [joiningCalendarAttachment(input)],
  };
}
