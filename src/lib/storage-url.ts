/**
 * STORAGE_URL and its companions (docs/product.md, Object storage): unset keeps uploads on the
 * local disk; `s3://bucket/prefix?endpoint=...&region=...` selects an S3-compatible bucket.
 * A bad value is an Error naming the variable; config.ts turns it into a ConfigError.
 */

export interface ObjectStorageSettings {
  readonly bucket: string;
  /** Key prefix, '' or ending in `/`: the customer folders go under it. */
  readonly prefix: string;
  /** An S3-compatible server (MinIO, R2, B2, ...); null for AWS itself. */
  readonly endpoint: string | null;
  readonly region: string;
  /** Null: the SDK's own credential chain (an instance role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | null;
  /** Where pages link uploads instead of `/uploads` (a CDN or the bucket's website), no trailing slash. */
  readonly publicUrl: string | null;
}

type Env = Record<string, string | undefined>;

/** Bucket names as S3 allows them (3-63 lower-case letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A prefix of path segments of safe characters. */
const PREFIX = /^(?:[A-Za-z0-9_.-]+\/)*$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const DEFAULT_REGION = 'us-east-1';

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must start with http:// or https://, got "${value}"`);
  if (url.username || url.password)
    throw new Error(`${name} must not carry a user or password; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
  return url;
}

function parseLocation(raw: string): Pick<ObjectStorageSettings, 'bucket' | 'prefix' | 'endpoint' | 'region'> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=...&region=..., got "${raw}"`);
  }
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL must start with s3://, got "${raw}"`);
  // The URL parser would fold `a/../b` away; a prefix that says `..` is refused as written.
  if (/\/\.{1,2}(?:[/?]|$)/.test(raw.slice('s3://'.length)))
    throw new Error(`STORAGE_URL has an unsafe key prefix: "${raw}"`);
  if (url.username || url.password)
    throw new Error('STORAGE_URL must not carry credentials; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    throw new Error(
      `STORAGE_URL has no valid bucket name (3-63 lower-case letters, digits, dots, hyphens): "${bucket}"`,
    );
  const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const prefix = path === '' || path.endsWith('/') ? path : `${path}/`;
  if (!PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`STORAGE_URL has an unsafe key prefix: "${path}" (letters, digits, _ . - and /)`);
  }
  const known = new Set(['endpoint', 'region']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key))
      throw new Error(`STORAGE_URL has an unknown parameter "${key}" (endpoint and region are known)`);
  }
  const endpointText = nonEmpty(url.searchParams.get('endpoint') ?? undefined);
  const endpoint = endpointText ? httpUrl('STORAGE_URL endpoint', endpointText).origin : null;
  const region = nonEmpty(url.searchParams.get('region') ?? undefined) ?? DEFAULT_REGION;
  if (!REGION.test(region)) throw new Error(`STORAGE_URL has an invalid region: "${region}"`);
  return { bucket, prefix, endpoint, region };
}

/** The object storage settings, or null when STORAGE_URL is unset (the local disk). */
export function parseObjectStorage(env: Env): ObjectStorageSettings | null {
  const raw = nonEmpty(env.STORAGE_URL);
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  const publicUrlText = nonEmpty(env.STORAGE_PUBLIC_URL);
  if (!raw) {
    if (publicUrlText)
      throw new Error('STORAGE_PUBLIC_URL needs STORAGE_URL (uploads on the local disk are served at /uploads)');
    return null;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  let publicUrl: string | null = null;
  if (publicUrlText) {
    const url = httpUrl('STORAGE_PUBLIC_URL', publicUrlText);
    // The public page's Content-Security-Policy takes images and videos from https: only.
    if (url.protocol !== 'https:')
      throw new Error(`STORAGE_PUBLIC_URL must start with https://, got "${publicUrlText}"`);
    if (url.search || url.hash)
      throw new Error(`STORAGE_PUBLIC_URL must not have a query or fragment, got "${publicUrlText}"`);
    publicUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return Object.freeze({
    ...parseLocation(raw),
    credentials: accessKeyId && secretAccessKey ? Object.freeze({ accessKeyId, secretAccessKey }) : null,
    publicUrl,
  });
}
