import type { Config } from '../config.js';
import { BucketHealth } from './bucket-health.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { createS3Client, S3_UPLOAD_LIMITS } from './s3-client.js';
import { S3Storage } from './s3.storage.js';

export type { FileStorage, OpenFile } from './file-storage.js';
export type { BucketState } from './bucket-health.js';

/**
 * The app's file storage: an S3-compatible bucket when STORAGE_URL is set, else the local disk
 * under DATA_DIR/uploads (several instances then share it through a volume mounted there).
 */
export function createStorage(config: Pick<Config, 'uploadsDir' | 'objectStorage'>): FileStorage {
  const bucket = config.objectStorage;
  if (!bucket) return new LocalDiskStorage(config.uploadsDir);
  return new S3Storage(createS3Client(bucket), { bucket: bucket.bucket, prefix: bucket.prefix, uploadClient: createS3Client(bucket, S3_UPLOAD_LIMITS) });
}

/** The bucket's health for /healthz, or null when the files are on the local disk. */
export function bucketHealth(storage: FileStorage): BucketHealth | null {
  return storage instanceof S3Storage ? new BucketHealth(() => storage.reachable()) : null;
}
