import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isSafeFileName } from '../storage/file-storage.js';
import { contentTypeOf, isMissing } from '../storage/s3-client.js';
import { bucketCall } from '../storage/s3-serve.js';

/**
 * `npm run storage:copy`: the uploads on this disk (DATA_DIR/uploads/{customerId}/{name}) put
 * under the same keys in a bucket, then every one read back and its SHA-256 compared. A key
 * already holding the same bytes is left alone, so a second run copies nothing; one holding
 * other bytes is never overwritten but reported (docs/product.md, Object storage).
 */

export interface CopyTarget {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
}

export interface CopyReport {
  /** Files found on the disk. */
  readonly files: number;
  readonly copied: number;
  /** Already in the bucket with the same SHA-256. */
  readonly alreadyThere: number;
  /** Read back from the bucket with the disk's SHA-256. */
  readonly verified: number;
  /** Keys in the bucket that hold other bytes than the disk's file: left as they were. */
  readonly conflicts: string[];
  /** Keys whose bytes read back differ from the disk's (or are missing). */
  readonly mismatched: string[];
  /** Objects of the customer folders in the bucket that are not on this disk (uploaded there already). */
  readonly onlyInBucket: number;
}

/** The SHA-256 each copied object carries in its metadata, so a second run knows it without reading it. */
const HASH_METADATA = 'sha256';

interface LocalFile {
  readonly key: string;
  readonly file: string;
  readonly size: number;
  readonly sha256: string;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of stream) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/** Every finished upload on the disk (safe names in numeric customer folders), hashed. */
async function localFiles(uploadsDir: string, prefix: string): Promise<LocalFile[]> {
  const folders = await readdir(uploadsDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files: LocalFile[] = [];
  for (const folder of folders.filter((name) => /^\d+$/.test(name) && Number(name) > 0).sort()) {
    const entries: Dirent[] = await readdir(path.join(uploadsDir, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((x, y) => (x.name < y.name ? -1 : 1))) {
      if (!entry.isFile() || !isSafeFileName(entry.name)) continue;
      const file = path.join(uploadsDir, folder, entry.name);
      const { size } = await stat(file);
      files.push({
        key: `${prefix}${Number(folder)}/${entry.name}`,
        file,
        size,
        sha256: await sha256Of(createReadStream(file)),
      });
    }
  }
  return files;
}

/** 'missing', 'same' or 'different': what the bucket holds at the file's key. */
async function bucketHolds(target: CopyTarget, local: LocalFile): Promise<'missing' | 'same' | 'different'> {
  let head;
  try {
    head = await bucketCall(() => target.client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: local.key })));
  } catch (err) {
    if (isMissing(err)) return 'missing';
    throw err;
  }
  if (head.ContentLength !== local.size) return 'different';
  const known = head.Metadata?.[HASH_METADATA];
  if (known) return known === local.sha256 ? 'same' : 'different';
  return (await readBackHash(target, local.key)) === local.sha256 ? 'same' : 'different';
}

async function readBackHash(target: CopyTarget, key: string): Promise<string | null> {
  try {
    const object = await bucketCall(() =>
      target.client.send(new GetObjectCommand({ Bucket: target.bucket, Key: key })),
    );
    return await sha256Of(object.Body as Readable);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

async function put(target: CopyTarget, local: LocalFile): Promise<void> {
  const body = createReadStream(local.file);
  try {
    await bucketCall(() =>
      target.client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: local.key,
          Body: body,
          ContentLength: local.size,
          ContentType: contentTypeOf(local.key),
          CacheControl: 'public, max-age=3600',
          Metadata: { [HASH_METADATA]: local.sha256 },
          // Never over an object another instance put meanwhile (where the server knows the condition).
          IfNoneMatch: '*',
        }),
      ),
    );
  } finally {
    body.destroy();
  }
}

async function countBucketObjects(target: CopyTarget): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await bucketCall(() =>
      target.client.send(
        new ListObjectsV2Command({ Bucket: target.bucket, Prefix: target.prefix, ContinuationToken: token }),
      ),
    );
    for (const item of page.Contents ?? []) {
      const rest = item.Key?.slice(target.prefix.length) ?? '';
      if (/^\d+\/[^/]+$/.test(rest) && isSafeFileName(rest.slice(rest.indexOf('/') + 1))) keys.push(item.Key!);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function copyUploadsToBucket(
  uploadsDir: string,
  target: CopyTarget,
  progress: (line: string) => void = () => {},
): Promise<CopyReport> {
  const files = await localFiles(uploadsDir, target.prefix);
  progress(`${files.length} dosya bulundu / files found`);
  let copied = 0;
  let alreadyThere = 0;
  const conflicts: string[] = [];
  for (const local of files) {
    const holds = await bucketHolds(target, local);
    if (holds === 'same') alreadyThere += 1;
    else if (holds === 'different') conflicts.push(local.key);
    else {
      await put(target, local);
      copied += 1;
    }
  }
  const mismatched: string[] = [];
  let verified = 0;
  for (const local of files) {
    if (conflicts.includes(local.key)) continue;
    if ((await readBackHash(target, local.key)) === local.sha256) verified += 1;
    else mismatched.push(local.key);
  }
  const onDisk = new Set(files.map((f) => f.key));
  const onlyInBucket = (await countBucketObjects(target)).filter((key) => !onDisk.has(key)).length;
  return { files: files.length, copied, alreadyThere, verified, conflicts, mismatched, onlyInBucket };
}
