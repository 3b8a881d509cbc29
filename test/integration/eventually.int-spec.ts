import { eventually, waitUntil } from '../support/eventually.js';

// The journeys' one polling helper (ADR 0037): it must wait for the state, and must still fail when it never comes.
describe('eventually', () => {
  it('resolves with the value once the matcher holds, after reads that did not', async () => {
    let reads = 0;
    const value = await eventually(() => ++reads, { interval: 1 }).toBeGreaterThanOrEqual(3);
    expect(value).toBe(3);
  });

  it('counts a read that throws as "not yet"', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads < 3) throw new Error('not rendered yet');
      return 'ready';
    };
    await expect(eventually(read, { interval: 1 }).toBe('ready')).resolves.toBe('ready');
  });

  it('fails with the matcher\'s message for the last value once the time is up', async () => {
    await expect(eventually(() => 'Loading…', { timeout: 50, interval: 5 }).toBe('Thank you for your order')).rejects.toThrow(
      /Still failing after 50 ms of polling:[^]*Thank you for your order[^]*Loading…/,
    );
  });

  it('supports .not', async () => {
    let text = 'Invalid Email Address';
    setTimeout(() => (text = ''), 20);
    await expect(eventually(() => text, { interval: 5 }).not.toContain('Invalid')).resolves.toBe('');
  });

  it('is not a promise itself: a forgotten matcher is a type error, and awaiting it does not hang', async () => {
    const poller = eventually(() => 1);
    expect((poller as unknown as { then?: unknown }).then).toBeUndefined();
  });
});

describe('waitUntil', () => {
  it('resolves with the first value that is not undefined, null or false', async () => {
    let probes = 0;
    const probe = () => (++probes < 3 ? (probes === 1 ? undefined : false) : { probes });
    await expect(waitUntil(probe, { interval: 1 })).resolves.toEqual({ probes: 3 });
  });

  it('fails naming what it waited for, with the last error, once the time is up', async () => {
    const probe = async () => {
      throw new Error('connection refused');
    };
    await expect(waitUntil(probe, { timeout: 30, interval: 5, what: 'the worker to start' })).rejects.toThrow(
      'Timed out after 30 ms waiting for the worker to start (last error: connection refused)',
    );
  });
});
