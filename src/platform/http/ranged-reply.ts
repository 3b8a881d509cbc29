import type { FastifyReply } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { scavengingAsItFlows } from '../memory/scavenge.js';
import type { ByteRange } from '../storage/index.js';

/** A stored file opened for a response: the whole of it, or the `range` a `Range` header asked for (requestedRange). */
export interface RangedFile {
  body: Readable;
  contentType: string;
  /** The whole file's size. */
  size: number;
  /** The part being sent (206), or null for the whole file (200). */
  range: ByteRange | null;
}

/**
 * Sends a file or a byte range of it: 206 with `Content-Range` for a range, else 200, and `Accept-Ranges: bytes`
 * either way, so a video player knows it may seek and a download manager that it may resume. Headers the route
 * needs besides (disposition, caching) are set on `reply` before. The body flows through scavengingAsItFlows: a
 * 200 MB download would otherwise pile up its spent chunks (issue 13: RSS growth under 50 MB; ADR 0028).
 */
export async function sendRanged(reply: FastifyReply, file: RangedFile): Promise<void> {
  void reply.header('content-type', file.contentType).header('accept-ranges', 'bytes');
  if (file.range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('content-length', String(file.range.end - file.range.start + 1));
  } else {
    void reply.status(200).header('content-length', String(file.size));
  }
  // pipeline, not pipe: an error on either side (a storage read failing, the client going away) destroys both.
  await reply.send(pipeline(file.body, scavengingAsItFlows(), () => undefined));
}
