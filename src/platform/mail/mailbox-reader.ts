import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAILBOX_ID_PATTERN } from './mailbox.mailer.js';

/** One message of the development mailbox, as /api/dev/mailbox shows it. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  /** ISO 8601, from the Date header. */
  date: string;
  text: string;
  html: string | null;
  attachments: Array<{ filename: string; content_type: string; size: number }>;
}

export interface MailboxMessage extends MailboxEntry {
  from: string;
  replyTo: string | null;
  raw: string;
}

/** Newest first; older messages are left out of the listing (they stay on disk). */
const LIST_LIMIT = 200;

/**
 * Reads the `.eml` files MailboxMailer writes, for the development mailbox pages. Only names that
 * match the mailbox's own id pattern are ever opened, so no request can reach another file.
 * postal-mime is loaded on first use: this code only runs outside production.
 */
export class MailboxReader {
  constructor(readonly directory: string) {}

  static isId(id: string): boolean {
    return MAILBOX_ID_PATTERN.test(id);
  }

  async list(filter: { to?: string } = {}): Promise<MailboxEntry[]> {
    const ids = (await this.ids()).slice(0, LIST_LIMIT);
    const messages = await Promise.all(ids.map((id) => this.read(id)));
    const wanted = filter.to?.trim().toLowerCase();
    return messages
      .filter((m): m is MailboxMessage => m !== null)
      .filter((m) => !wanted || m.to.toLowerCase().split(/\s*,\s*/).includes(wanted))
      .map(({ id, to, subject, date, text, html, attachments }) => ({ id, to, subject, date, text, html, attachments }));
  }

  /** One message, or null when the id is malformed or no such file exists. */
  async read(id: string): Promise<MailboxMessage | null> {
    const raw = await this.rawOf(id);
    if (!raw) return null;
    const { default: PostalMime } = await import('postal-mime');
    const email = await PostalMime.parse(raw);
    return {
      id,
      from: addresses(email.from ? [email.from] : []),
      to: addresses(email.to ?? []),
      replyTo: email.replyTo ? addresses(email.replyTo) : null,
      subject: email.subject ?? '',
      date: toIso(email.date),
      text: email.text ?? '',
      html: email.html ?? null,
      attachments: (email.attachments ?? []).map((attachment) => ({
        filename: attachment.filename ?? 'attachment', content_type: attachment.mimeType,
        size: typeof attachment.content === 'string' ? attachment.content.length : (attachment.content as ArrayBuffer).byteLength,
      })),
      raw: raw.toString('utf8'),
    };
  }

  /** One attachment's bytes, or null (no such message or index). */
  async attachment(id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
    const raw = await this.rawOf(id);
    if (!raw) return null;
    const { default: PostalMime } = await import('postal-mime');
    const found = (await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' })).attachments?.[index];
    if (!found) return null;
    const content = typeof found.content === 'string' ? Buffer.from(found.content, 'utf8') : Buffer.from(found.content instanceof ArrayBuffer ? new Uint8Array(found.content) : found.content);
    return { filename: found.filename ?? 'attachment', contentType: found.mimeType, content };
  }

  /** The .eml's bytes, or null when the id is malformed or no such file exists. */
  private async rawOf(id: string): Promise<Buffer | null> {
    if (!MailboxReader.isId(id)) return null;
    try {
      return await readFile(path.join(this.directory, `${id}.eml`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith('.eml'))
      .map((name) => name.slice(0, -'.eml'.length))
      .filter((id) => MailboxReader.isId(id))
      .sort()
      .reverse();
  }
}

type ParsedAddress = { address?: string; name?: string; group?: ParsedAddress[] };

function addresses(list: ParsedAddress[]): string {
  return list
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => a.address ?? '')
    .filter(Boolean)
    .join(', ');
}

function toIso(date: string | undefined): string {
  const parsed = date ? new Date(date) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : (date ?? '');
}
