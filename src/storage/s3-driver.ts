import type { ObjectStorageSettings } from '../lib/storage-url.js';
import { createS3Client, S3_UPLOAD_LIMITS } from './s3-client.js';
import { S3Storage } from './s3.storage.js';

/**
 * The bucket's driver with its two clients (requests, and uploads that may take long). Loaded by
 * lazy-bucket.storage.ts.
 */
export function createS3Storage(bucket: ObjectStorageSettings): S3Storage {
  return new S3Storage(createS3Client(bucket), {
    bucket: bucket.bucket,
    prefix: bucket.prefix,
    uploadClient: createS3Client(bucket, S3_UPLOAD_LIMITS),
  });
}
