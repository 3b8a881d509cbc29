import type { MailMessage } from '../../../platform/mail/index.js';
import { REMINDER_DAYS_BEFORE_EXPIRY } from '../domain/refresher-reminders.js';

const ukDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The learner's reminder: their certificate, when it expires, where to check it and what to do. */
export function learnerReminderMail(input: {
  to: string; learnerName: string; course: string; code: string; expiresAt: Date; certificateUrl: string; refresherUrl: string;
  kind: 'online' | 'course';
}): MailMessage {
  const until = ukDate(input.expiresAt);
  const whatToDo = input.kind === 'course'
    ? 'What to do: ask whoever arranged your training (your employer booked your place) for a place on a refresher ' +
      'course; we have told them too. If you book your own training, course dates are here:\n'
    : 'What to do: ask whoever arranged your training (your employer bought your seat) for a refresher seat; we have ' +
      'told them too. If you buy your own training, refresher seats are here:\n';
  return {
    to: input.to,
    subject: `Your "${input.course}" certificate expires on ${until}`,
    text:
      `Hello ${input.learnerName},\n\n` +
      `Your certificate for the course "${input.course}" (code ${input.code}) expires on ${until}. ` +
      'After that date it no longer shows as valid, so take the refresher course before then to stay covered.\n\n' +
      whatToDo +
      `${input.refresherUrl}\n\n` +
      `Your certificate, as anyone can check it:\n${input.certificateUrl}\n`,
  };
}

/** One course's learners due, for the buyer's e-mail. */
export interface CourseDue {
  course: string;
  /** Online (refresher seats to buy and invite) or an open course (refresher places to book and name). */
  kind: 'online' | 'course';
  refresherUrl: string;
  learners: Array<{ name: string; email: string; code: string; expiresAt: Date }>;
}

/**
 * The buyer's reminder: one e-mail per buyer per sweep (ADR 0052), saying how many of their learners are due, who,
 * when, and a link per course to buy refresher seats with the online licence preselected.
 */
export function buyerReminderMail(input: { to: string; firstName: string; courses: CourseDue[]; recordsUrl: string }): MailMessage {
  const total = input.courses.reduce((sum, course) => sum + course.learners.length, 0);
  const sections = input.courses.map((course) =>
    `${course.course}: ${plural(course.learners.length, 'learner', 'learners')} due\n` +
    course.learners.map((l) => `  - ${l.name} (${l.email}), certificate ${l.code}, expires on ${ukDate(l.expiresAt)}\n`).join('') +
    (course.kind === 'course'
      ? `  Book refresher places (${course.learners.length} needed): ${course.refresherUrl}\n`
      : `  Buy refresher seats (${course.learners.length} needed): ${course.refresherUrl}\n`));
  return {
    to: input.to,
    subject: `Refresher training due: ${plural(total, 'certificate expires', 'certificates expire')} within ${REMINDER_DAYS_BEFORE_EXPIRY} days`,
    text:
      `Hello ${input.firstName},\n\n` +
      `${plural(total, 'of your learners has a certificate', 'of your learners have certificates')} expiring within the next ` +
      `${REMINDER_DAYS_BEFORE_EXPIRY} days. To keep your training records up to date, ` +
      (input.courses.some((course) => course.kind === 'online') ? 'buy refresher seats and invite them again' : 'book them places on a refresher course') +
      ' (each learner has been told).\n\n' +
      `${sections.join('\n')}\n` +
      `Your training records (filter "expiring within 60 days", or download them as CSV):\n${input.recordsUrl}\n`,
  };
}
