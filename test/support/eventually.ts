import { setTimeout as delay } from 'node:timers/promises';

/**
 * The one polling helper of the test suites (issue 29 item 4). A page, a queue worker or a mail peer settles in its
 * own time, and on a busy 2-core machine that time varies: reading once right after an action and asserting it made
 * two of six CI runs fail. `eventually(read)` reads again and again until jest's matcher holds, and only then
 * resolves (with the value read); after `timeout` it fails with the matcher's own message for the last value read.
 *
 *   await eventually(() => page.locator('h1').innerText()).toBe('Thank you for your order');
 *   const mail = await eventually(() => findMail()).toBeDefined();
 *
 * A read that throws counts as "not yet" (an element being replaced, a server not yet answering) until the time is
 * up. Never give it a read with side effects (a POST): it is called many times. Waits are on state, never on a fixed
 * time; the short interval only spaces the reads.
 */
export interface EventuallyOptions {
  /** How long the state may take to settle (10 s: a first render on a loaded CI machine has taken more than 7). */
  timeout?: number;
  /** The pause between two reads. */
  interval?: number;
}

type Matchers<T> = jest.Matchers<void, T>;
type Polled<T> = {
  [K in keyof Matchers<T>]: Matchers<T>[K] extends (...args: infer A) => unknown ? (...args: A) => Promise<T> : never;
};
export type Poller<T> = Polled<T> & { not: Polled<T> };

export function eventually<T>(read: () => T | Promise<T>, { timeout = 10_000, interval = 50 }: EventuallyOptions = {}): Poller<T> {
  const check = async (negate: boolean, matcher: string, args: unknown[]): Promise<T> => {
    const deadline = Date.now() + timeout;
    for (;;) {
      try {
        const value = await read();
        const assertion = (negate ? expect(value).not : expect(value)) as unknown as Record<string, (...args: unknown[]) => unknown>;
        assertion[matcher]!(...args);
        return value;
      } catch (error) {
        if (Date.now() >= deadline) {
          if (error instanceof Error) error.message = `Still failing after ${timeout} ms of polling:\n${error.message}`;
          throw error;
        }
      }
      await delay(interval);
    }
  };
  const matchers = (negate: boolean): object =>
    new Proxy(
      {},
      {
        get: (_target, name) => {
          if (name === 'not' && !negate) return matchers(true);
          // `then` must stay undefined, or a forgotten matcher (`await eventually(read)`) would look like a promise.
          if (name === 'then' || typeof name !== 'string') return undefined;
          return (...args: unknown[]) => check(negate, name, args);
        },
      },
    );
  return matchers(false) as Poller<T>;
}

export interface WaitUntilOptions extends EventuallyOptions {
  /** What is awaited, for the message when the time is up ("the worker to start"). */
  what?: string;
}

/**
 * The same polling for a probe that answers "not yet" with `undefined`, `null` or `false` and otherwise returns what
 * it found (a job row, a process's output line, a load result): resolves with the first such value. A probe that
 * throws counts as "not yet", like `eventually`'s reads; after `timeout` it fails naming `what` (and the last error).
 *
 *   const job = await waitUntil(async () => (await jobRow()).status === 'done' && jobRow(), { what: 'the job' });
 */
export async function waitUntil<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, { timeout = 10_000, interval = 50, what = 'the condition' }: WaitUntilOptions = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}${cause}`);
    }
    await delay(interval);
  }
}
