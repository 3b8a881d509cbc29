import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver is CommonJS without type declarations: load it through require, typed by the little we use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverServer;

export interface S3Peer {
  /** `http://127.0.0.1:PORT` for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** The environment that points the shop at this peer (path-style, s3rver's fixed credentials). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server in the test process (s3rver: the S3 REST API over HTTP, objects in a temporary
 * folder, signatures checked against its fixed S3RVER/S3RVER credentials), on a free port on 127.0.0.1,
 * with one empty bucket.
 */
export async function startS3Peer(bucket = 'shop-files'): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3-peer-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
