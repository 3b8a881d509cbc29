import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (brand logos, product images, downloadable product files). A port because we
 * swap it: local disk under DATA_DIR/files by default, an S3-compatible object store by configuration.
 *
 * Keys are chosen by the application, never by the uploader, and are unguessable for private files:
 * - `public/…`  — images; served by `GET /media/<rest of key>` with long, immutable cache headers, so a key
 *                 must change whenever its bytes change (we put a random part in every key);
 * - `private/…` — product files; never served by a public URL, only streamed by the application after it has
 *                 checked who is asking.
 */
export const FILE_STORAGE = Symbol('FileStorage');

/** Bytes `start` to `end` of an object, both inclusive (as HTTP's `Range: bytes=start-end`), within its size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What the store knows of an object, without its bytes. */
export interface StoredObjectInfo {
  contentType: string;
  /** The whole object's size, whatever range was read. */
  size: number;
  /** A quoted entity tag for HTTP caching (`"…"`), when the store has one; /media derives one otherwise. */
  etag?: string;
  lastModified?: Date;
}

export interface StoredObject extends StoredObjectInfo {
  /** The whole object, or only the range asked for. */
  body: Readable;
}

/**
 * Every adapter refuses keys that could escape its folder or break a URL (absolute, `..`, backslashes, NUL,
 * characters outside `[A-Za-z0-9._/-]`, empty segments) with InvalidStorageKeyError; make keys with
 * `newStorageKey()`.
 */
export interface FileStorage {
  /** Stores `body` under `key`, replacing what was there; readers see the old bytes or the new, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores exactly `size` bytes read from `body` under `key` without holding them in memory (a 200 MB upload
   * spooled to disk). A stream that fails, ends early or runs long rejects the put and stores nothing: readers
   * see the old bytes or none, never a part.
   */
  putStream(key: string, body: Readable, contentType: string, options: { size: number }): Promise<void>;
  /**
   * The object, or null when there is none; with `range`, a stream of only those bytes (a resumed download of a
   * large video reads from where it stopped). The caller checks the range against the size it knows.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's type and size without its bytes (to check a `Range` before reading it), or null when there is none. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** `public/products/12/ab12….jpg` → `/media/products/12/ab12….jpg`; private keys have no public URL. */
export function mediaUrl(key: string): string {
  if (!key.startsWith('public/')) throw new Error(`Only public files have a URL (got ${key})`);
  return `/media/${key.slice('public/'.length)}`;
}
