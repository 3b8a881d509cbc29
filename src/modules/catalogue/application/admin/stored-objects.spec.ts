import { jest } from '@jest/globals';
import type { FileStorage, StoredObject, StoredObjectInfo } from '../../../../platform/storage/index.js';
import { StoredObjects } from './stored-objects.js';

/** A store that fails for some keys, as a network store sometimes does. */
class FlakyStorage implements FileStorage {
  readonly deleted: string[] = [];
  constructor(private readonly failing: Set<string>) {}
  put(): Promise<void> {
    return Promise.resolve();
  }
  putStream(): Promise<void> {
    return Promise.resolve();
  }
  get(): Promise<StoredObject | null> {
    return Promise.resolve(null);
  }
  stat(): Promise<StoredObjectInfo | null> {
    return Promise.resolve(null);
  }
  delete(key: string): Promise<void> {
    if (this.failing.has(key)) return Promise.reject(new Error('store unavailable'));
    this.deleted.push(key);
    return Promise.resolve();
  }
}

describe('StoredObjects', () => {
  it('deletes every key it can and does not fail when the store does (the rows are gone already)', async () => {
    const storage = new FlakyStorage(new Set(['public/products/1/b.webp']));
    const objects = new StoredObjects(storage);
    const warn = jest.spyOn((objects as unknown as { logger: { warn: (m: string) => void } }).logger, 'warn').mockImplementation(() => undefined);
    await expect(objects.delete(['public/products/1/a.webp', 'public/products/1/b.webp', 'private/products/1/files/c.pdf'])).resolves.toBeUndefined();
    expect(storage.deleted).toEqual(['public/products/1/a.webp', 'private/products/1/files/c.pdf']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('public/products/1/b.webp'));
  });
});
