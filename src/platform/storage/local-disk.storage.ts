import { randomBytes } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exactSize } from './exact-size.js';
import type { ByteRange, FileStorage, StoredObject, StoredObjectInfo } from './file-storage.port.js';
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
    await this.store(key, contentType, (handle) => handle.writeFile(body));
  }

  async putStream(key: string, body: Readable, contentType: string, options: { size: number }): Promise<void> {
    try {
      await this.store(key, contentType, (handle) =>
        pipeline(body, exactSize(options.size), async (chunks: AsyncIterable<Buffer>) => {
          for await (const chunk of chunks) await handle.write(chunk);
        }),
      );
    } finally {
      body.destroy(); // a no-op once read to the end; releases a file it was reading when the put failed first
    }
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
      const contentType = await contentTypeOf(file);
      // The stream owns the open handle: a rename by a concurrent put cannot change what it reads.
      const body = createReadStream('', { fd: handle, autoClose: true, highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
      return { body, ...infoOf(info, contentType) };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const file = this.fileOf(key);
    const info = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? infoOf(info, await contentTypeOf(file)) : null;
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

  /**
   * Writes the type sidecar, then the bytes (each through a temporary file). The type goes first: a reader that
   * finds the new bytes also finds their type (the old type only ever accompanies the old bytes for as long as a
   * rename takes, and keys are not reused for new bytes). When the bytes fail, a new key's sidecar goes too.
   */
  private async store(key: string, contentType: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
    const file = this.fileOf(key);
    const sidecar = `${file}${CONTENT_TYPE_SUFFIX}`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(sidecar, (handle) => handle.writeFile(contentType, 'utf8'));
    try {
      await writeAtomically(file, write);
    } catch (error) {
      if (!(await stat(file).then(() => true, () => false))) await rm(sidecar, { force: true });
      throw error;
    }
  }

  private fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key rules already make this impossible.
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Storage key escapes its folder: ${key}`);
    return file;
  }
}

/** Writes a temporary file in the same folder, flushes it and renames it over `file`; on failure, removes it. */
async function writeAtomically(file: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}~${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o644);
  try {
    await write(handle);
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

async function contentTypeOf(file: string): Promise<string> {
  const stored = await readFile(`${file}${CONTENT_TYPE_SUFFIX}`, 'utf8').catch((error: unknown) => {
    if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
    throw error;
  });
  return stored.trim() || DEFAULT_CONTENT_TYPE;
}

function infoOf(info: Stats, contentType: string): StoredObjectInfo {
  return {
    contentType,
    size: info.size,
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    lastModified: info.mtime,
  };
}
