import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { JobHandlerRegistry } from '../../../platform/queue/index.js';
import { StockService } from '../../catalogue/index.js';
import { AccountService } from '../../identity/index.js';
import { refresherPath, reminderWindow } from '../domain/refresher-reminders.js';
import { REMINDER_STORE, type DueCertificate, type ReminderStore } from './ports/reminder-store.port.js';
import { buyerReminderMail, learnerReminderMail, type CourseDue } from './reminder-mail.js';

/** The recurring job that sends refresher reminders (issue 26, ADR 0052). */
export const REFRESHER_REMINDERS_JOB = 'training.refresher-reminders';
const EVERY_MS = 60 * 60 * 1000;
/**
 * Certificates looked at per run. A backlog (the first run, a long outage) is worked off over the following hourly
 * runs; a buyer whose e-mails cannot be queued is retried next run without holding up everyone else in this one.
 */
const BATCH = 1000;

/**
 * Refresher reminders (product.md "Training records"): 30 days before a certificate expires, one e-mail to the learner
 * and one to the buyer, with a link to buy refresher seats. An hourly job on the durable queue (one pending run
 * whatever the number of instances, ADR 0030) finds the certificates due and, per buyer, claims them with one guarded
 * update and queues the e-mails in the same transaction: a certificate is mailed once, even when two runs race.
 */
@Injectable()
export class RefresherReminders implements OnModuleInit {
  private readonly logger = new Logger(RefresherReminders.name);

  constructor(
    @Inject(REMINDER_STORE) private readonly store: ReminderStore,
    private readonly stock: StockService,
    private readonly accounts: AccountService,
    private readonly transactions: Transactions,
    private readonly mail: OutboundMail,
    private readonly jobs: JobHandlerRegistry,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.jobs.registerRecurring(REFRESHER_REMINDERS_JOB, EVERY_MS, async () => {
      const sent = await this.run();
      if (sent.certificates > 0) this.logger.log(`Refresher reminders: ${sent.certificates} certificate(s), ${sent.buyers} buyer(s).`);
    });
  }

  /** One sweep: answers how many certificates this run claimed and how many buyers it wrote to. */
  async run(now = new Date()): Promise<{ certificates: number; buyers: number }> {
    const due = await this.store.due(reminderWindow(now), BATCH);
    if (due.length === 0) return { certificates: 0, buyers: 0 };
    // One catalogue read for every licence option: the refresher link preselects the option the buyer bought.
    const options = await this.stock.describe(due.map((c) => c.optionId));
    const linkOf = (c: DueCertificate) => {
      const option = options.get(c.optionId);
      return option ? `${this.env.publicUrl}${refresherPath(option.productSlug, option.forSale ? option.id : null)}` : null;
    };
    let certificates = 0;
    let buyers = 0;
    for (const [customerId, theirs] of byBuyer(due)) {
      try {
        const claimed = await this.remindBuyer(customerId, theirs, linkOf, now);
        certificates += claimed;
        if (claimed > 0) buyers += 1;
      } catch (error) {
        // Nothing of this buyer's was claimed (the transaction rolled back): the next run tries again.
        this.logger.error(`Refresher reminders for buyer ${customerId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { certificates, buyers };
  }

  /** Claims the buyer's certificates and queues their e-mails in one transaction; answers how many were claimed. */
  private async remindBuyer(customerId: number, due: DueCertificate[], linkOf: (c: DueCertificate) => string | null, now: Date): Promise<number> {
    const buyer = await this.accounts.getProfile(customerId).catch(() => null);
    return this.transactions.run(async () => {
      const claimed = new Set(await this.store.claim(due.map((c) => c.code), now));
      const mine = due.filter((c) => claimed.has(c.code));
      const courses = new Map<string, CourseDue>();
      for (const c of mine) {
        const refresherUrl = linkOf(c) ?? `${this.env.publicUrl}/account/training`;
        await this.mail.send(learnerReminderMail({
          to: c.learnerEmail, learnerName: c.learnerName, course: c.courseTitle, code: c.code, expiresAt: c.expiresAt,
          certificateUrl: `${this.env.publicUrl}/certificates/${c.code}`, refresherUrl, kind: c.kind,
        }));
        // Per product and kind: a product sold both online and as an open course gets a section for each.
        const key = `${c.productId}:${c.kind}`;
        const course = courses.get(key) ?? { course: c.courseTitle, kind: c.kind, refresherUrl, learners: [] };
        course.learners.push({ name: c.learnerName, email: c.learnerEmail, code: c.code, expiresAt: c.expiresAt });
        courses.set(key, course);
      }
      // A buyer whose account is gone cannot be written to; their learners still are.
      if (buyer && courses.size > 0) {
        await this.mail.send(buyerReminderMail({
          to: buyer.email, firstName: buyer.first_name || 'there', courses: [...courses.values()], recordsUrl: `${this.env.publicUrl}/account/training`,
        }));
      }
      return mine.length;
    });
  }
}

function byBuyer(due: readonly DueCertificate[]): Map<number, DueCertificate[]> {
  const groups = new Map<number, DueCertificate[]>();
  for (const c of due) groups.set(c.customerId, [...(groups.get(c.customerId) ?? []), c]);
  return groups;
}
