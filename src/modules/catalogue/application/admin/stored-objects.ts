import { Inject, Injectable, Logger } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage } from '../../../../platform/storage/index.js';

/**
 * Removes stored objects once the rows that pointed at them are gone. A store that fails (network, disk)
 * is logged and not raised: the row is already deleted, so the admin's action succeeded; what is left is
 * an orphan object that nothing links to, which is harmless and can be swept later.
 */
@Injectable()
export class StoredObjects {
  private readonly logger = new Logger('CatalogueStoredObjects');

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn(`Could not delete stored object ${key}: ${(error as Error).message}`);
      }
    }
  }
}
