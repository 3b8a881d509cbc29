import type { FastifyReply } from 'fastify';
import { ownedBytes } from '../../shared/owned-bytes.js';

const serialised = new WeakMap<object, Buffer>();

/**
 * How many bytes of kept JSON there may be. They are Buffers outside V8's heap, which the heap cap does not bound, and
 * the WeakMap alone keeps one per cached object for as long as the object lives: 1,000 cached lists of ~31 kB were
 * ~31 MB of RSS under the bench's miss targets (ADR 0067). 8 MB holds the JSON of page 1 of 200 categories; an object
 * whose bytes were let go is serialised again when asked for.
 */
export const JSON_ONCE_MAX_BYTES = 8 * 1024 * 1024;
/** The objects whose bytes are kept, oldest first, with their sizes (a WeakRef: this list must not keep them alive). */
const keptOrder: Array<{ owner: WeakRef<object>; bytes: number }> = [];
let keptHead = 0;
let keptBytes = 0;

/**
 * The JSON of a value as UTF-8 bytes, computed once per object (services hand out the same cached object for a
 * while). Bytes, not text: Node prepends the response headers to a string body (`header + body`), and writing that
 * copies the whole body into a fresh string on the heap per response, which under load lived long enough to be
 * promoted and was ~45% of what the capped old generation had to collect (ADR 0027). A Buffer goes out as it is.
 */
export function jsonOnce(value: object): Buffer {
  let bytes = serialised.get(value);
  if (bytes === undefined) {
    bytes = ownedBytes(JSON.stringify(value));
    serialised.set(value, bytes);
    keep(value, bytes.length);
  }
  return bytes;
}

/** The bytes of kept JSON as counted against JSON_ONCE_MAX_BYTES (objects since collected count until their turn). */
export function jsonOnceKeptBytes(): number {
  return keptBytes;
}

function keep(owner: object, bytes: number): void {
  keptOrder.push({ owner: new WeakRef(owner), bytes });
  keptBytes += bytes;
  while (keptBytes > JSON_ONCE_MAX_BYTES && keptHead < keptOrder.length) {
    const oldest = keptOrder[keptHead]!;
    keptHead += 1;
    keptBytes -= oldest.bytes;
    const object = oldest.owner.deref();
    if (object) serialised.delete(object);
  }
  // The list is a queue read from keptHead; compact it now and then rather than shift() on every eviction.
  if (keptHead > 1_024 && keptHead * 2 > keptOrder.length) {
    keptOrder.splice(0, keptHead);
    keptHead = 0;
  }
}

/**
 * For endpoints whose services answer from a cache with the same object each time (the product list, a
 * product): the JSON bytes are kept beside the object and sent as they are. Serialising a page of 24 cards with
 * facets was ~24% of the CPU of a cached `GET /api/products`. Values must not be changed once returned.
 *
 * A call in the handler (`return replyJsonOnce(reply, await service.read())` with `@Res({ passthrough: true })`), not a
 * Nest interceptor: any interceptor puts the route through rxjs (an Observable chain per request), which was ~10% of
 * a cached read's CPU, more than the serialising it saves on the second and later requests (ADR 0093).
 */
export function replyJsonOnce(reply: FastifyReply, value: object): Buffer {
  void reply.type('application/json; charset=utf-8');
  return jsonOnce(value);
}
