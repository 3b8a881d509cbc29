/**
 * The UTF-8 bytes of `text` in memory of their own, for Buffers a cache keeps. `Buffer.from(text)` answers a slice of
 * Node's shared 64 KiB pool for any text under 32 KiB (Node 24's `Buffer.poolSize` is 64 KiB), and the slice keeps the
 * whole slab alive: the page cache counted 16 MB of pages and held ~35 MB of slabs for them (ADR 0089). Short-lived
 * Buffers should keep using the pool, which spares a malloc per Buffer.
 */
export function ownedBytes(text: string): Buffer {
  const pooled = Buffer.from(text);
  if (pooled.byteLength === pooled.buffer.byteLength) return pooled;
  const own = Buffer.allocUnsafeSlow(pooled.byteLength);
  pooled.copy(own);
  return own;
}
