/**
 * The UTF-8 bytes of `text` in memory of their own, for Buffers a cache keeps. `Buffer.from(text)` answers a slice of
 * Node's shared 64 KiB pool for any text under 32 KiB (Node 24's `Buffer.poolSize` is 64 KiB), and the slice keeps the
 * whole slab alive: the page cache counted 16 MB of pages and held ~35 MB of slabs for them (ADR 0089). Short-lived
 * Buffers should keep using the pool, which spares a malloc per Buffer.
 */
export function ownedBytes(text: string): Buffer {
  return ownedBuffer(Buffer.from(text));
}

/** `bytes` as they are when they fill their memory alone; else copied into memory of their own (see `ownedBytes`). */
export function ownedBuffer(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
