import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nodemailerAttachments, nodemailerListHeaders, type Mailer, type MailMessage } from './mailer.port.js';
import { LazyTransport } from './nodemailer.js';

/** `20261122T101530123Z-000042-9f2c61aa`: sortable by time, unique (process counter + random). */
export const MAILBOX_ID_PATTERN = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;

let sequence = 0;

export function newMailboxId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, ''); // 20261122T101530123Z
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}

/**
 * The embedded default when SMTP_URL is unset: every message becomes an RFC 822 `.eml` file in
 * DATA_DIR/mailbox (open it with any mail client, or at /dev/mailbox outside production).
 * nodemailer's stream transport builds the message exactly as the SMTP adapter would send it; it is loaded at the
 * first message (ADR 0068).
 */
export class MailboxMailer implements Mailer {
  private readonly logger = new Logger('Mailbox');
  private readonly composer = new LazyTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    readonly directory: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = (await (await this.composer.get()).sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      attachments: nodemailerAttachments(message),
      ...nodemailerListHeaders(message),
    })) as { message: Buffer };
    await mkdir(this.directory, { recursive: true });
    const id = newMailboxId();
    const file = path.join(this.directory, `${id}.eml`);
    // Written aside and renamed, so a reader never sees half a message.
    const partial = path.join(this.directory, `.${id}.partial`);
    await writeFile(partial, info.message);
    await rename(partial, file);
    this.logger.log(`E-mail written to ${file}`);
  }
}
