import { jest } from '@jest/globals';
import type { JobHandlerRegistry } from '../../../../platform/queue/index.js';
import type { Transactions } from '../../../../platform/persistence/index.js';
import type { ClaimedDelegate, DelegateStore } from '../ports/delegate-store.port.js';
import { DelegateReminders } from './delegate-reminders.job.js';
import type { JoiningInstructions } from './joining-instructions.js';

/**
 * One delegate whose reminder cannot be sent (its order cannot be read, say) must not hold up the others: it used to
 * end the run, and as the next run finds the same delegates in the same order, everyone after it waited for ever.
 */
describe('the delegate reminders job', () => {
  it('reminds the delegates after one that fails, and leaves that one for the next run', async () => {
    const claimedIds: number[] = [];
    const store = {
      reminderDue: async () => [1, 2, 3],
      claimReminder: async (id: number) => ({ id, orderId: 100 + id }) as unknown as ClaimedDelegate,
    } as unknown as DelegateStore;
    const joining = {
      send: async ([claimed]: ClaimedDelegate[]) => {
        if (claimed!.id === 2) throw new Error('order 102 not found');
        claimedIds.push(claimed!.id);
      },
    } as unknown as JoiningInstructions;
    const transactions = { runApart: <T>(work: () => Promise<T>) => work() } as unknown as Transactions;
    const job = new DelegateReminders(store, transactions, joining, {} as JobHandlerRegistry);
    const logger = (job as unknown as { logger: { error: (m: string) => void; log: (m: string) => void } }).logger;
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    jest.spyOn(logger, 'log').mockImplementation(() => undefined);

    const sent = await job.run(new Date('2026-11-28T09:00:00Z'));

    expect(sent).toBe(2);
    expect(claimedIds).toEqual([1, 3]);
    expect(errors).toHaveBeenCalledWith('Course reminder for delegate 2 failed: order 102 not found');
  });
});
