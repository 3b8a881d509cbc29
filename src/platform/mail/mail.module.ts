import { type DynamicModule, Global, Logger, Module, type Provider } from '@nestjs/common';
import path from 'node:path';
import type { Environment } from '../../config/environment.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { MailboxReader } from './mailbox-reader.js';
import { MailboxMailer } from './mailbox.mailer.js';
import { MAILER, type Mailer } from './mailer.port.js';
import { OutboundMail } from './outbound-mail.service.js';
import { SmtpMailer } from './smtp.mailer.js';

/** Where MailboxMailer writes when SMTP_URL is unset. */
export function mailboxDirectory(env: Environment): string {
  return path.join(env.dataDir, 'mailbox');
}

/**
 * Outgoing mail through the job queue (QueueModule must be imported too; CoreModule does).
 * `SMTP_URL` set → SmtpMailer; unset → MailboxMailer (.eml files in DATA_DIR/mailbox). Outside
 * production the development mailbox (/dev/mailbox, /api/dev/mailbox) is mounted; in production its
 * controller is not even registered.
 */
@Global()
@Module({})
export class MailModule {
  static forRoot(env: Environment): DynamicModule {
    const mailer: Provider = {
      provide: MAILER,
      useFactory: (): Mailer => {
        if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
        if (env.isProduction) {
          new Logger('MailModule').warn(`SMTP_URL is not set: e-mails are written to ${mailboxDirectory(env)}, not sent.`);
        }
        return new MailboxMailer(mailboxDirectory(env), env.MAIL_FROM);
      },
    };
    const development = !env.isProduction;
    return {
      module: MailModule,
      controllers: development ? [DevMailboxController] : [],
      providers: [
        mailer,
        OutboundMail,
        ...(development ? [{ provide: MailboxReader, useValue: new MailboxReader(mailboxDirectory(env)) }] : []),
      ],
      exports: [OutboundMail, MAILER],
    };
  }
}
