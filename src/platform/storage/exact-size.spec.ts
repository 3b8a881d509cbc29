import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exactSize } from './exact-size.js';

/** Pipes `chunks` through exactSize(size); answers what came out, or the error. */
async function through(chunks: Buffer[], size: number): Promise<{ out: Buffer; error?: Error }> {
  const received: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk);
      done();
    },
  });
  try {
    await pipeline(Readable.from(chunks), exactSize(size), sink);
    return { out: Buffer.concat(received) };
  } catch (error) {
    return { out: Buffer.concat(received), error: error as Error };
  }
}

describe('exactSize', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('passes exactly `size` bytes through unchanged', async () => {
    expect(await through([bytes('ab'), bytes('cd'), bytes('e')], 5)).toEqual({ out: bytes('abcde') });
    expect(await through([], 0)).toEqual({ out: Buffer.alloc(0) });
  });

  it('fails a stream that ends short, holding its last chunk back so a reader never sees it complete', async () => {
    const short = await through([bytes('ab'), bytes('cd')], 5);
    expect(short.error?.message).toMatch(/ended after 4 of the 5 bytes/);
    expect(short.out.toString()).toBe('ab');
  });

  it('fails a stream that runs long before passing on a byte past `size`', async () => {
    const long = await through([bytes('ab'), bytes('cd'), bytes('ef')], 5);
    expect(long.error?.message).toMatch(/more than the 5 bytes/);
    expect(long.out.toString()).toBe('ab');
  });
});
