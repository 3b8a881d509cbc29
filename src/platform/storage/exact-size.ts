import { Transform } from 'node:stream';

/**
 * Passes a stream's bytes through and fails it when they come to more than `size`, or end short of it. The last
 * chunk is held back until the source has ended at exactly `size` bytes, so a reader that stops at `size` (an S3
 * request of that Content-Length) can never complete with a wrong stream: a put announced as `size` bytes stores
 * those bytes or nothing.
 */
export function exactSize(size: number): Transform {
  let seen = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) {
        done(new Error(`The stream has more than the ${size} bytes announced for it`));
        return;
      }
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (seen !== size) {
        done(new Error(`The stream ended after ${seen} of the ${size} bytes announced for it`));
        return;
      }
      done(null, held ?? undefined);
    },
  });
}
