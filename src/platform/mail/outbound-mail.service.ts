import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobHandlerRegistry } from '../queue/job-handler-registry.js';
import { JobQueue } from '../queue/job-queue.js';
import { checkMailMessage, MAILER, type Mailer, type MailMessage } from './mailer.port.js';

/** The job type that delivers one e-mail; its payload is a MailMessage. */
export const MAIL_SEND_JOB = 'mail.send';

/**
 * What modules use to send e-mail. `send` never talks to a mail server: it queues a `mail.send` job in
 * the caller's unit of work (see JobQueue.enqueue — it flushes), so the e-mail goes out if and only if
 * the change that caused it is committed, and a slow or failing server only delays it (retries with
 * back-off). Delivery is at least once.
 */
@Injectable()
export class OutboundMail implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly registry: JobHandlerRegistry,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    this.registry.register(MAIL_SEND_JOB, (payload) => this.mailer.send(checkMailMessage(payload)));
  }

  async send(message: MailMessage): Promise<void> {
    await this.queue.enqueue(MAIL_SEND_JOB, checkMailMessage(message));
  }
}
