import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORAGE, type ByteRange, type FileStorage, type StoredObject } from '../../../platform/storage/index.js';
import { DOWNLOAD_FILE_STORE, type DownloadFileStore } from './ports/download-file-store.port.js';

/** A download option's file as the buyer may see it: never its storage key. */
export interface DownloadableFile {
  optionId: number;
  fileId: number;
  productTitle: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * The files that download options unlock, for the orders module, which knows who bought what. It says which
 * file an option unlocks and streams it (a range of it, to resume); whether the asker may have it is the
 * caller's to decide.
 */
@Injectable()
export class DownloadFileService {
  constructor(
    @Inject(DOWNLOAD_FILE_STORE) private readonly files: DownloadFileStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async filesOfOptions(optionIds: readonly number[]): Promise<Map<number, DownloadableFile>> {
    const rows = await this.files.filesOfOptions([...new Set(optionIds)]);
    return new Map(rows.map(({ storageKey: _key, ...file }) => [file.optionId, file]));
  }

  /** The option's file (or `range` of it) from storage; null when the option has no file or its bytes are gone. */
  async open(optionId: number, range?: ByteRange): Promise<(StoredObject & { file: DownloadableFile }) | null> {
    const [row] = await this.files.filesOfOptions([optionId]);
    if (!row) return null;
    const stored = await this.storage.get(row.storageKey, range);
    if (!stored) return null;
    const { storageKey: _key, ...file } = row;
    return { ...stored, contentType: file.contentType, file };
  }
}
