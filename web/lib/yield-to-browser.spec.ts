import { yieldToBrowser } from './yield-to-browser.js';

describe('yieldToBrowser', () => {
  const withScheduler = (scheduler: unknown, run: () => Promise<void>) => async () => {
    const global = globalThis as { scheduler?: unknown };
    const before = global.scheduler;
    global.scheduler = scheduler;
    try {
      await run();
    } finally {
      global.scheduler = before;
    }
  };

  it('without scheduler.yield, goes on only after a task already queued (a timer), not in the same task', withScheduler(undefined, async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToBrowser();
    order.push('after the yield');
    expect(order).toEqual(['queued task', 'after the yield']);
  }));

  it('uses scheduler.yield where the browser has it, called on the scheduler', withScheduler(
    { calls: 0, yield(this: { calls: number }) { this.calls++; return Promise.resolve(); } },
    async () => {
      await yieldToBrowser();
      expect((globalThis as unknown as { scheduler: { calls: number } }).scheduler.calls).toBe(1);
    },
  ));
});
