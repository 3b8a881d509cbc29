import { RangeNotSatisfiableError } from '../../shared/domain-error.js';
import type { ByteRange } from '../storage/index.js';

/**
 * The one byte range of a `Range` header (RFC 9110 §14.1.2) over a file of `size` bytes: `bytes=a-b`, `bytes=a-`
 * or the last n bytes `bytes=-n`. `null` means "send the whole file" (no header, another unit, several ranges,
 * or a malformed header, which the RFC says to ignore); `'unsatisfiable'` means 416 (the range starts at or
 * past the end). An end past the file is clamped to its last byte.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * parseByteRange for a use case that streams a file: the range to read, null for the whole file, and a
 * RangeNotSatisfiableError for a range past the end (416, with a Content-Range that gives the size).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | null {
  const range = parseByteRange(header, size);
  if (range === 'unsatisfiable') throw new RangeNotSatisfiableError(size);
  return range;
}
