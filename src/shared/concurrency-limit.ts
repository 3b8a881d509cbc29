/**
 * Runs at most `limit` tasks at a time; the others wait in order of arrival. For work that holds a scarce resource
 * while it runs (native memory, a thread of libuv's pool), where a burst should queue rather than pile up.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('The limit must be a whole number of at least 1.');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // A waiting task takes over this slot (running stays the same); otherwise the slot is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
