import type { S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exactSize } from './exact-size.js';
import type { ByteRange, FileStorage, StoredObject, StoredObjectInfo } from './file-storage.port.js';
import { assertStorageKey } from './storage-key.js';

/**
 * The AWS SDK (~1 MB of source, ~6 MB of heap) is loaded when an S3Storage is made, not by importing this file: a shop
 * on local disk never loads it (ADR 0027, memory at start). Its CommonJS build, so that the load stays synchronous.
 */
const require = createRequire(import.meta.url);
type S3Sdk = typeof import('@aws-sdk/client-s3');
let s3Sdk: S3Sdk | undefined;
const sdk = (): S3Sdk => (s3Sdk ??= require('@aws-sdk/client-s3') as S3Sdk);

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, Garage, R2, …); unset → AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * Objects in one bucket of any S3-compatible store, under the same keys as on local disk. PutObject is atomic
 * in S3 (a reader sees the old object or the new one), so nothing more is needed for that. A stream is sent as
 * one PutObject of its announced length (up to S3's 5 GB for a single put; our uploads stop at 200 MB), read as
 * it is sent, so no part of it is held in memory; a larger or unknown-length stream would need a multipart upload.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new (sdk().S3Client)({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      // Credentials from the settings when given, else the SDK's usual chain (environment, profile, instance role).
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK's default since 2025 adds CRC32 checksums (aws-chunked uploads) that many S3-compatible
      // stores reject; checksums only where an operation requires them works everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new (sdk().PutObjectCommand)({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putStream(key: string, body: Readable, contentType: string, options: { size: number }): Promise<void> {
    const sized = exactSize(options.size);
    const abort = new AbortController();
    try {
      assertStorageKey(key);
      // The SDK pipes the body into its request, and a pipe passes no error on: a failed, short or long stream
      // aborts the request instead, so S3 never completes the object.
      pipeline(body, sized).catch((error: unknown) => abort.abort(error));
      await this.client.send(
        new (sdk().PutObjectCommand)({ Bucket: this.options.bucket, Key: key, Body: sized, ContentType: contentType, ContentLength: options.size }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      throw abort.signal.aborted ? abort.signal.reason : error;
    } finally {
      body.destroy();
      sized.destroy();
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.options.bucket, Key: key }));
      return { contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0, etag: answer.ETag, lastModified: answer.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.options.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client did not return a Node.js stream');
      // A ranged answer's length is the part's; the whole size is after the slash of `Content-Range: bytes a-b/size`.
      const total = answer.ContentRange ? Number(/\/(\d+)$/.exec(answer.ContentRange)?.[1]) : NaN;
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0),
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.options.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible stores answer 404.
      if (!isNotFound(error)) throw error;
    }
  }

  /** Releases the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof sdk().S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
