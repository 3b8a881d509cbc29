import { ownedBytes } from './owned-bytes.js';

describe('ownedBytes', () => {
  it.each([
    ['a short text', 'Fire Marshal £49.99 – “Complete”'],
    ['an empty text', ''],
    ['a text of 20 kB', 'x'.repeat(20_000)],
    ['a text above the pool size', 'é'.repeat(40_000)],
  ])('holds the UTF-8 bytes of %s in memory of their own', (_, text) => {
    const bytes = ownedBytes(text);
    expect(bytes.toString('utf8')).toBe(text);
    expect(bytes.byteLength).toBe(Buffer.byteLength(text));
    // Not a slice of Node's shared pool: nothing else lives in (or keeps alive) this memory.
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(bytes.byteOffset).toBe(0);
  });

  it('is needed: Buffer.from answers a slice of a larger shared slab for a short text', () => {
    const pooled = Buffer.from('x'.repeat(20_000));
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
  });
});
