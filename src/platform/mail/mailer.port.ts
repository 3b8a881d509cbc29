/** One e-mail as the shop's modules describe it; the sender (`MAIL_FROM`) is added by the mailer. */
export type MailMessage = {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  /** The plain-text body: every message has one. */
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with the message (an invoice PDF); the content base64-encoded, so the message survives JSON. */
  attachments?: MailAttachment[];
  /**
   * Mailing-list mail (the newsletter): an https address that unsubscribes with one POST (RFC 8058). It becomes
   * `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, which Gmail and Yahoo require of
   * bulk senders and which mail apps show as an "Unsubscribe" button.
   */
  unsubscribeUrl?: string;
};

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
}

/** Bigger than any invoice, smaller than what mail servers refuse (many stop at 10–25 MB). */
export const MAX_ATTACHMENTS_BYTES = 8 * 1024 * 1024;

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
  const unsubscribeUrl = text('unsubscribeUrl', false)?.trim();

  if (to !== undefined && !ADDRESS_LIST.test(to)) problems.push('to must be one or more e-mail addresses');
  if (replyTo !== undefined && !ADDRESS_LIST.test(replyTo)) problems.push('replyTo must be an e-mail address');
  if (subject !== undefined && (HEADER_BREAK.test(subject) || subject.trim() === '')) problems.push('subject must be one non-empty line');
  if (subject !== undefined && subject.length > 500) problems.push('subject must be at most 500 characters');
  if (unsubscribeUrl !== undefined && (!/^https?:\/\/[^\s<>"]+$/.test(unsubscribeUrl) || unsubscribeUrl.length > 2000)) {
    problems.push('unsubscribeUrl must be an http(s) address');
  }
  const attachments = checkAttachments(value.attachments, problems);
  if (problems.length > 0) throw new Error(`Invalid e-mail message: ${problems.join('; ')}.`);

  return {
    to: to!,
    subject: subject!,
    text: body!,
    ...(html !== undefined ? { html } : {}),
    ...(replyTo !== undefined ? { replyTo } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(unsubscribeUrl !== undefined ? { unsubscribeUrl } : {}),
  };
}

function checkAttachments(input: unknown, problems: string[]): MailAttachment[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) {
    problems.push('attachments must be a list');
    return [];
  }
  let bytes = 0;
  const attachments: MailAttachment[] = [];
  for (const item of input as unknown[]) {
    const { filename, contentType, content } = (item ?? {}) as Record<string, unknown>;
    if (typeof filename !== 'string' || filename.trim() === '' || filename.length > 200 || HEADER_BREAK.test(filename) || /[/\\]/.test(filename)) {
      problems.push('an attachment needs a file name of one line, without slashes, of at most 200 characters');
      continue;
    }
    // Parameters are allowed (`text/calendar; method=REQUEST`: mail apps offer a calendar invitation to accept).
    if (typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=[\w.+-]+)*$/.test(contentType)) {
      problems.push(`attachment ${filename} needs a content type such as application/pdf`);
      continue;
    }
    if (typeof content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(content)) {
      problems.push(`attachment ${filename} must be base64`);
      continue;
    }
    bytes += Math.floor((content.length * 3) / 4);
    attachments.push({ filename, contentType, content });
  }
  if (bytes > MAX_ATTACHMENTS_BYTES) problems.push(`attachments may be at most ${MAX_ATTACHMENTS_BYTES / 1024 / 1024} MB together`);
  return attachments;
}

/** The one-click unsubscribe headers (RFC 2369, RFC 8058) as nodemailer takes them; nothing for other mail. */
export function nodemailerListHeaders(message: MailMessage): { list?: { unsubscribe: { url: string } }; headers?: Record<string, string> } {
  if (!message.unsubscribeUrl) return {};
  return { list: { unsubscribe: { url: message.unsubscribeUrl } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The attachments as nodemailer takes them. */
export function nodemailerAttachments(message: MailMessage): Array<{ filename: string; contentType: string; content: Buffer }> | undefined {
  return message.attachments?.map((attachment) => ({
    filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(attachment.content, 'base64'),
  }));
}
