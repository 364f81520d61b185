import { S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageSettings } from '../lib/storage-url.js';

export interface S3Limits {
  readonly connectionTimeoutMs: number;
  /** Until the bucket's answer begins, the request's body included; 0: no limit on the whole. */
  readonly requestTimeoutMs: number;
  /** A socket with nothing moving, a download paused by a slow visitor included: generous. */
  readonly idleSocketTimeoutMs: number;
  readonly maxAttempts: number;
}

/**
 * Short limits, so that a bucket that is away or silent costs an upload a few seconds and a 503
 * rather than a request hanging on the SDK's defaults (no timeouts at all, three attempts).
 */
export const S3_LIMITS: S3Limits = {
  connectionTimeoutMs: 2_000,
  requestTimeoutMs: 5_000,
  idleSocketTimeoutMs: 30_000,
  maxAttempts: 2,
};

/**
 * For requests that carry a file (a PUT, a multipart upload's parts): no limit on the whole, so
 * a 10 MB catalog may take as long as a slow uplink needs, but the socket may not stand still
 * for long, neither while the body goes up nor while the answer has not begun after it.
 */
export const S3_UPLOAD_LIMITS: S3Limits = {
  connectionTimeoutMs: 2_000,
  requestTimeoutMs: 0,
  idleSocketTimeoutMs: 10_000,
  maxAttempts: 2,
};

/**
 * A client for S3 or a compatible server. With an endpoint (MinIO, R2, B2, ...) the bucket
 * goes in the path, which every compatible server understands; checksums only where the
 * operation requires them, since several servers refuse the SDK's newer default ones.
 */
export function createS3Client(settings: ObjectStorageSettings, limits: S3Limits = S3_LIMITS): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: limits.maxAttempts,
    // Without throwOnRequestTimeout the SDK only logs a request over its time and goes on waiting.
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: limits.idleSocketTimeoutMs,
    },
  });
}

interface S3Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The status an S3 error answered with, or undefined when the server was not reached. */
export function s3Status(err: unknown): number | undefined {
  return (err as S3Failure | null)?.$metadata?.httpStatusCode;
}

/** A missing object (or bucket): 404 / NoSuchKey / NotFound. */
export function isMissing(err: unknown): boolean {
  const name = (err as S3Failure | null)?.name;
  return s3Status(err) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** A conditional request's "precondition failed": a put with If-None-Match found the key taken. */
export function isTaken(err: unknown): boolean {
  return s3Status(err) === 412 || (err as S3Failure | null)?.name === 'PreconditionFailed';
}

/** Extensions we store, and the type a file is stored and served with (as express.static would). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
};

export function contentTypeOf(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
