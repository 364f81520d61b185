import type { Config } from '../config.js';
import { BucketHealth } from './bucket-health.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { LazyBucketStorage } from './lazy-bucket.storage.js';

export type { FileStorage, OpenFile } from './file-storage.js';
export type { BucketState } from './bucket-health.js';

/**
 * The app's file storage: an S3-compatible bucket when STORAGE_URL is set, else the local disk
 * under DATA_DIR/uploads (several instances then share it through a volume mounted there).
 */
export function createStorage(config: Pick<Config, 'uploadsDir' | 'objectStorage'>): FileStorage {
  const bucket = config.objectStorage;
  if (!bucket) return new LocalDiskStorage(config.uploadsDir);
  return new LazyBucketStorage(bucket);
}

/** The bucket's health for /healthz, or null when the files are on the local disk. */
export function bucketHealth(storage: FileStorage): BucketHealth | null {
  return storage instanceof LazyBucketStorage ? new BucketHealth(() => storage.reachable()) : null;
}
