import { type DynamicModule, Global, Logger, Module, type Provider } from '@nestjs/common';
import path from 'node:path';
import { companyDetailsFrom } from '../../config/company.js';
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
 * What production says at start-up about how mail leaves (ADR 0038: one readable line each): no SMTP_URL means
 * files on disk; no MAIL_FROM means a placeholder sender nobody reads, so the documents name the seller's address.
 */
export function mailStartupWarnings(env: Environment): string[] {
  if (!env.isProduction) return [];
  const warnings: string[] = [];
  if (!env.SMTP_URL) warnings.push(`SMTP_URL is not set: e-mails are written to ${mailboxDirectory(env)}, not sent.`);
  if (!env.MAIL_FROM) {
    warnings.push(
      `MAIL_FROM is not set: e-mails are sent as "${env.mailFrom}", which nobody reads; invoices and e-mails ask customers ` +
        `to write to ${companyDetailsFrom(env).email} instead. Set MAIL_FROM (and SELLER_EMAIL) to the company's own addresses.`,
    );
  }
  return warnings;
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
        const logger = new Logger('MailModule');
        for (const warning of mailStartupWarnings(env)) logger.warn(warning);
        if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.mailFrom);
        return new MailboxMailer(mailboxDirectory(env), env.mailFrom);
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
