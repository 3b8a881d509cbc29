import type { OnApplicationShutdown } from '@nestjs/common';
import { nodemailerAttachments, nodemailerListHeaders, type Mailer, type MailMessage } from './mailer.port.js';
import { LazyTransport } from './nodemailer.js';

/**
 * Sends through an SMTP server (`SMTP_URL`: `smtp://user:pass@host:587` upgrades with STARTTLS when the
 * server offers it, `smtps://…:465` is TLS from the start). A failure throws, so the job retries.
 */
export class SmtpMailer implements Mailer, OnApplicationShutdown {
  private readonly transport: LazyTransport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Bounded waits: a dead server fails the attempt (and the job retries) instead of hanging the worker.
    // nodemailer is loaded and the transport made at the first message (ADR 0068).
    this.transport = new LazyTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transport.get()).sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      attachments: nodemailerAttachments(message),
      ...nodemailerListHeaders(message),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    (await this.transport.ifMade())?.close();
  }
}
