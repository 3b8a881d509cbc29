import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ByteRange, FileStorage, StoredObject } from './file-storage.port.js';
import { assertStorageKey } from './storage-key.js';

// "~" can never appear in a key, so neither the content-type sidecar nor a temporary file can collide with one.
const CONTENT_TYPE_SUFFIX = '~content-type';
/** Reads in 1 MiB chunks: a large download makes 16 times fewer chunk objects than with the default 64 KiB, and the
 * garbage they leave is what grows a server's heap while it streams (measured: scripts/bench/download-memory.mjs). */
const READ_CHUNK_BYTES = 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files under `<root>/<key>` (root = DATA_DIR/files), each with a small `<key>~content-type` sidecar. A put writes
 * a temporary file in the same folder, flushes it and renames it over the old one, so a reader (or a crash)
 * never sees half a file.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // The type first: a reader that finds the new bytes also finds their type (the old type only ever
    // accompanies the old bytes for as long as a rename takes, and keys are not reused for new bytes).
    await writeAtomically(`${file}${CONTENT_TYPE_SUFFIX}`, Buffer.from(contentType, 'utf8'));
    await writeAtomically(file, body);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await readFile(`${file}${CONTENT_TYPE_SUFFIX}`, 'utf8').catch((error: unknown) => {
        if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
        throw error;
      });
      // The stream owns the open handle: a rename by a concurrent put cannot change what it reads.
      const body = createReadStream('', { fd: handle, autoClose: true, highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
      return {
        body,
        contentType: contentType.trim() || DEFAULT_CONTENT_TYPE,
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    await rm(`${file}${CONTENT_TYPE_SUFFIX}`, { force: true });
  }

  /** Whether a key's file exists (for tests and maintenance). */
  async exists(key: string): Promise<boolean> {
    return stat(this.fileOf(key)).then(
      (info) => info.isFile(),
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
  }

  private fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key rules already make this impossible.
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Storage key escapes its folder: ${key}`);
    return file;
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}~${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
