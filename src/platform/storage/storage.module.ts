import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import path from 'node:path';
import { ConfigurationError, type Environment } from '../../config/environment.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.port.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { MediaController } from './media.controller.js';
import { S3Storage } from './s3.storage.js';

/** Where LocalDiskStorage keeps files: DATA_DIR/files. */
export function filesDirectory(env: Environment): string {
  return path.join(env.dataDir, 'files');
}

/** The adapter STORAGE_DRIVER names; a driver without its settings stops start-up with a ConfigurationError. */
export function createFileStorage(env: Environment): FileStorage {
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET) throw new ConfigurationError(['STORAGE_DRIVER=s3 needs S3_BUCKET (the bucket that holds uploaded files)']);
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(filesDirectory(env));
}

class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3Storage) this.storage.close();
  }
}

/**
 * FILE_STORAGE for every module (global): local disk under DATA_DIR/files by default, S3 with
 * STORAGE_DRIVER=s3. Also serves public files at `GET /media/*` (the controller is only mounted by the web
 * server; the CLI's application context has no HTTP).
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(env: Environment): DynamicModule {
    // Built here, not in a factory, so a missing setting stops start-up before anything else is opened.
    const storage = createFileStorage(env);
    const provider: Provider = { provide: FILE_STORAGE, useValue: storage };
    return {
      module: StorageModule,
      controllers: [MediaController],
      providers: [provider, StorageLifecycle],
      exports: [FILE_STORAGE],
    };
  }
}
