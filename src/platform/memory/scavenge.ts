import { Transform } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Bytes streamed through the process between two scavenges. */
export const SCAVENGE_EVERY_BYTES = 16 * 1024 * 1024;

type Gc = (options?: { type: 'minor' | 'major' }) => void;
let gc: Gc | null | undefined;
let streamedSinceScavenge = 0;
let scavengesRequested = 0;

/**
 * Large streams (a 200 MB upload arriving, its spooled file read back into storage) pass through the process as
 * Buffers that live for a moment each: 200 MB of them, but only a few thousand small JS objects. V8 frees a
 * Buffer's bytes only when a collection finds it dead, and neither of its triggers fires in time: the young
 * generation fills with objects, not bytes, and the external-memory limit starts a full collection only some
 * 64 MB later, which takes hundreds of milliseconds in a warm shop while the bytes keep coming. They pile up to
 * 60–90 MB, and glibc keeps that peak resident. A scavenge (a minor collection, about a millisecond: it only
 * visits the young objects still alive) every 16 MiB streamed frees them while they are still young.
 *
 * Call it with the size of every chunk of such a stream; the count is process-wide, so concurrent streams share
 * one pace. Measured in docs/adr/0028-streamed-uploads.md.
 */
export function noteStreamedBytes(bytes: number): void {
  streamedSinceScavenge += bytes;
  if (streamedSinceScavenge < SCAVENGE_EVERY_BYTES) return;
  streamedSinceScavenge = 0;
  scavengesRequested += 1;
  gcFunction()?.({ type: 'minor' });
}

/** How many scavenges noteStreamedBytes has asked V8 for in this process (for tests: V8's own gc entries arrive late). */
export function scavengesRequestedSoFar(): number {
  return scavengesRequested;
}

/**
 * One full collection once the server is up. Start-up (Nest's module scan, MikroORM's metadata, the migrations
 * check) leaves ~100 MB of garbage and a heap grown to ~200 MB for a live set of ~80 MB; collecting it before the
 * first request lets V8 give those pages back and size the heap from what is really live (ADR 0027).
 */
export function collectStartUpGarbage(): void {
  gcFunction()?.({ type: 'major' });
}

/** A pass-through stream that notes the bytes going through it (noteStreamedBytes). */
export function scavengingAsItFlows(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      noteStreamedBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * V8's `gc` function: the global one when node runs with --expose-gc, else one made available at the first use
 * (the flag only adds `gc` to contexts created after it is set). Null where the flag is refused: streams then
 * work as before, with V8's own pace.
 */
function gcFunction(): Gc | null {
  if (gc !== undefined) return gc;
  const global = (globalThis as { gc?: Gc }).gc;
  if (typeof global === 'function') return (gc = global);
  try {
    v8.setFlagsFromString('--expose-gc');
    const exposed = vm.runInNewContext('gc') as unknown;
    gc = typeof exposed === 'function' ? (exposed as Gc) : null;
  } catch {
    gc = null;
  }
  return gc;
}
