export const DOWNLOAD_FILE_STORE = Symbol('DownloadFileStore');

/** The file a download option unlocks, with its product's title. */
export interface DownloadFileRow {
  optionId: number;
  fileId: number;
  productTitle: string;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

export interface DownloadFileStore {
  /** The files of these download options (options without a file, or not downloads, are left out), in one query. */
  filesOfOptions(optionIds: readonly number[]): Promise<DownloadFileRow[]>;
}
