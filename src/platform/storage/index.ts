/**
 * File storage's public face: modules inject FILE_STORAGE (a FileStorage) and make keys with newStorageKey;
 * public keys are shown through mediaUrl. See docs/adr/0010-file-storage.md.
 */
export { FILE_STORAGE, type ByteRange, type FileStorage, type StoredObject, type StoredObjectInfo, mediaUrl } from './file-storage.port.js';
export { StorageModule, filesDirectory, createFileStorage } from './storage.module.js';
export { newStorageKey, assertStorageKey, storageKeyProblem, InvalidStorageKeyError, MAX_KEY_LENGTH, type Visibility } from './storage-key.js';
export { inspectImage, normaliseImage, MAX_IMAGE_PIXELS, type ImageInfo, type NormalisedImage } from './images.js';
export { LocalDiskStorage } from './local-disk.storage.js';
export { S3Storage, type S3StorageOptions } from './s3.storage.js';
