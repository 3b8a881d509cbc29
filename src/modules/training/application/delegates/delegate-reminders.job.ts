import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Transactions } from '../../../../platform/persistence/index.js';
import { JobHandlerRegistry } from '../../../../platform/queue/index.js';
import { REMINDER_WINDOW_MS } from '../../domain/delegate-rules.js';
import { DELEGATE_STORE, type DelegateStore } from '../ports/delegate-store.port.js';
import { JoiningInstructions } from './joining-instructions.js';

/** The recurring job that reminds delegates 2 days before their session. */
export const DELEGATE_REMINDERS_JOB = 'training.delegate-reminders';
/** Every 15 minutes: a delegate is reminded between 48 h and 47¾ h before the start. */
export const DELEGATE_REMINDERS_EVERY_MS = 15 * 60_000;
/** Reminders one run claims at most; the next run takes the rest. */
const BATCH = 500;

/**
 * The reminder 2 days before (issue 27, ADR 0048): a recurring job on the durable queue finds delegates of
 * scheduled sessions starting within 48 hours who were not reminded, on places still held, and claims each with
 * one guarded update (`reminder_sent_at is null`) in its own transaction with the e-mail it queues — so two runs,
 * or two instances, send each reminder once, and a failure leaves the others sent — the ones after it too.
 */
@Injectable()
export class DelegateReminders implements OnModuleInit {
  private readonly logger = new Logger(DelegateReminders.name);

  constructor(
    @Inject(DELEGATE_STORE) private readonly store: DelegateStore,
    private readonly transactions: Transactions,
    private readonly joining: JoiningInstructions,
    private readonly jobs: JobHandlerRegistry,
  ) {}

  onModuleInit(): void {
    this.jobs.registerRecurring(DELEGATE_REMINDERS_JOB, DELEGATE_REMINDERS_EVERY_MS, async () => {
      await this.run();
    });
  }

  /** Sends the reminders due at `now`; answers how many this run sent. */
  async run(now = new Date()): Promise<number> {
    const due = await this.store.reminderDue(now, new Date(now.getTime() + REMINDER_WINDOW_MS), BATCH);
    let sent = 0;
    for (const delegateId of due) {
      try {
        sent += await this.transactions.runApart(async () => {
          const claimed = await this.store.claimReminder(delegateId, now);
          if (!claimed) return 0; // another run has it
          await this.joining.send([claimed], 'reminder', now);
          return 1;
        });
      } catch (error) {
        // Nothing of this delegate's was claimed (the transaction rolled back): the next run tries again, and the
        // delegates after this one in the batch are still reminded now (as the refresher reminders do per buyer).
        this.logger.error(`Course reminder for delegate ${delegateId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (sent > 0) this.logger.log(`${sent} course reminder(s) queued.`);
    return sent;
  }
}
