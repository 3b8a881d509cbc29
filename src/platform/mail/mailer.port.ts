/** One e-mail as the shop's modules describe it; the sender (`MAIL_FROM`) is added by the mailer. */
export type MailMessage = {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  /** The plain-text body: every message has one. */
  text: string;
  html?: string;
  replyTo?: string;
};

/** Delivers one message now. Called by the `mail.send` job, never inside a request. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('Mailer');

const HEADER_BREAK = /[\r\n]/;
const ADDRESS_LIST = /^[^\s@,<>"]+@[^\s@,<>"]+(\s*,\s*[^\s@,<>"]+@[^\s@,<>"]+)*$/;

/**
 * Checks a message before it is queued (and again when the job runs, since the payload comes back
 * from the database): plain addresses only, no line breaks in header fields, a text body.
 * Returns a copy holding only the known fields.
 */
export function checkMailMessage(input: unknown): MailMessage {
  const value = (input ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const text = (name: string, required: boolean): string | undefined => {
    const field = value[name];
    if (field === undefined || field === null) {
      if (required) problems.push(`${name} is missing`);
      return undefined;
    }
    if (typeof field !== 'string') {
      problems.push(`${name} must be text`);
      return undefined;
    }
    return field;
  };
  const to = text('to', true)?.trim();
  const subject = text('subject', true);
  const body = text('text', true);
  const html = text('html', false);
  const replyTo = text('replyTo', false)?.trim();

  if (to !== undefined && !ADDRESS_LIST.test(to)) problems.push('to must be one or more e-mail addresses');
  if (replyTo !== undefined && !ADDRESS_LIST.test(replyTo)) problems.push('replyTo must be an e-mail address');
  if (subject !== undefined && (HEADER_BREAK.test(subject) || subject.trim() === '')) problems.push('subject must be one non-empty line');
  if (subject !== undefined && subject.length > 500) problems.push('subject must be at most 500 characters');
  if (problems.length > 0) throw new Error(`Invalid e-mail message: ${problems.join('; ')}.`);

  return {
    to: to!,
    subject: subject!,
    text: body!,
    ...(html !== undefined ? { html } : {}),
    ...(replyTo !== undefined ? { replyTo } : {}),
  };
}
