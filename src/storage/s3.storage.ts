import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { RequestHandler } from 'express';
import { StorageUnavailableError } from '../errors.js';
import {
  assertCustomerId,
  customerFileName,
  fileNameCandidates,
  isSafeFileName,
  publicPathOf,
  randomFileName,
  UPLOADS_URL_PREFIX,
  withoutCacheBuster,
  type FileContent,
  type FileStorage,
  type OpenFile,
  type WrittenContent,
} from './file-storage.js';
import { contentTypeOf, isMissing, isTaken } from './s3-client.js';
import { bucketCall, type ObjectLocation, serveObjects } from './s3-serve.js';

/** Files from this size on go up in parts (lib-storage), one 8 MB part in memory at a time. */
const MULTIPART_FROM = 16 * 1024 * 1024;
const PART_SIZE = 8 * 1024 * 1024;
/** What the bucket's objects carry, as the disk driver's handler sends it. */
const CACHE_CONTROL = 'public, max-age=3600';

export interface S3StorageOptions {
  readonly bucket: string;
  /** '' or a prefix ending in `/`. */
  readonly prefix: string;
  /**
   * The client for requests that carry a file (createS3Client with S3_UPLOAD_LIMITS), whose
   * limit is an idle socket rather than a total; without one, the client every request uses.
   */
  readonly uploadClient?: S3Client;
  /** Tests lower these to see a multipart upload without writing 16 MB, and a paged listing. */
  readonly multipartFromBytes?: number;
  readonly listPageSize?: number;
}

/** What goes up as it is: bytes, or a file on this machine. */
type LocalContent = Exclude<FileContent, WrittenContent>;

interface ListedObject {
  readonly key: string;
  readonly lastModified: Date;
  readonly size: number;
}

/**
 * Uploads in an S3-compatible bucket (docs/product.md, Object storage): key
 * `{prefix}{customerId}/{name}`, the same names and public paths as on the disk, so callers
 * and rows never know which driver holds a file. An object appears whole or not at all (a PUT
 * is atomic), so there are no temporary objects to hide.
 */
export class S3Storage implements FileStorage {
  private readonly location: ObjectLocation;
  private readonly multipartFrom: number;
  private readonly uploads: S3Client;
  /** Saves of one name in this process, one after the other (see saveFile). */
  private readonly saving = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: S3Client,
    readonly options: S3StorageOptions,
  ) {
    const { bucket, prefix } = options;
    this.location = { client, bucket, keyOf: (customerId, name) => `${prefix}${customerId}/${name}` };
    this.multipartFrom = options.multipartFromBytes ?? MULTIPART_FROM;
    this.uploads = options.uploadClient ?? client;
  }

  private key(customerId: number, name: string): string {
    return this.location.keyOf(customerId, name);
  }

  newFileName(prefix: string, ext: string): string {
    return randomFileName(prefix, ext);
  }

  /**
   * Never overwrites: each candidate name is asked for with a HEAD first (every server
   * answers one), then put with `If-None-Match: *`, which AWS S3, MinIO and R2 refuse with a
   * 412 when another instance took the key in between (servers without conditional writes,
   * s3rver among them, ignore it: there the HEAD alone decides). Saves of one name within this
   * process wait for each other, so that even there two of them never pick the same key.
   */
  async saveFile(customerId: number, fileName: string, data: FileContent): Promise<string> {
    assertCustomerId(customerId);
    if (!isSafeFileName(fileName)) throw new TypeError(`unsafe file name: "${fileName}"`);
    if (data instanceof Uint8Array || 'fromFile' in data) return this.publishInTurn(customerId, fileName, data);
    // Written into a local file first and streamed up from it: a PUT needs the length up front,
    // and a maker that fails half-way leaves the bucket untouched.
    const spool = await mkdtemp(path.join(os.tmpdir(), 'vizit-upload-'));
    try {
      const file = path.join(spool, fileName);
      await data.writeTo(file);
      return await this.publishInTurn(customerId, fileName, { fromFile: file });
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  }

  private async publishInTurn(customerId: number, fileName: string, data: LocalContent): Promise<string> {
    const lock = `${customerId}/${fileName}`;
    const before = this.saving.get(lock) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.publish(customerId, fileName, data));
    this.saving.set(lock, mine);
    try {
      return await mine;
    } finally {
      if (this.saving.get(lock) === mine) this.saving.delete(lock);
    }
  }

  private async publish(customerId: number, fileName: string, data: LocalContent): Promise<string> {
    for (const candidate of fileNameCandidates(fileName)) {
      const key = this.key(customerId, candidate);
      if (await this.exists(key)) continue;
      try {
        await this.put(key, candidate, data);
        return publicPathOf(customerId, candidate);
      } catch (err) {
        if (isTaken(err)) continue;
        throw err;
      }
    }
    throw new Error(`no free file name for "${fileName}"`);
  }

  /**
   * A PUT answered 404 has no bucket to go to (NoSuchBucket: a wrong name, or the bucket
   * removed): for the owner that is the storage being away, a 503, not a failure of the upload.
   */
  private async put(key: string, name: string, data: LocalContent): Promise<void> {
    try {
      await this.putObject(key, name, data);
    } catch (err) {
      throw isMissing(err) ? new StorageUnavailableError(err) : err;
    }
  }

  /** Bytes in memory in one PUT; a file streamed from disk, in parts when it is large. */
  private async putObject(key: string, name: string, data: LocalContent): Promise<void> {
    const common = {
      Bucket: this.options.bucket,
      Key: key,
      ContentType: contentTypeOf(name),
      CacheControl: CACHE_CONTROL,
    };
    if (data instanceof Uint8Array) {
      await bucketCall(() => this.uploads.send(new PutObjectCommand({ ...common, Body: data, IfNoneMatch: '*' })));
      return;
    }
    const { size } = await stat(data.fromFile);
    if (size < this.multipartFrom) {
      const body = createReadStream(data.fromFile);
      try {
        await bucketCall(() =>
          this.uploads.send(new PutObjectCommand({ ...common, Body: body, ContentLength: size, IfNoneMatch: '*' })),
        );
      } finally {
        body.destroy();
      }
      return;
    }
    // A failed multipart upload is aborted by lib-storage, so no parts are left behind.
    const upload = new Upload({
      client: this.uploads,
      params: { ...common, Body: createReadStream(data.fromFile) },
      partSize: PART_SIZE,
      queueSize: 1,
    });
    await bucketCall(() => upload.done());
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await bucketCall(() => this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key })));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async readFile(customerId: number, publicPath: string | null | undefined): Promise<Buffer | null> {
    assertCustomerId(customerId);
    const name = customerFileName(customerId, publicPath);
    if (!name) return null;
    try {
      const object = await bucketCall(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(customerId, name) })),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** A DELETE answers alike whether or not the object was there, so a HEAD tells which. */
  async removePublicPath(customerId: number, publicPath: string | null | undefined): Promise<boolean> {
    assertCustomerId(customerId);
    const name = customerFileName(customerId, publicPath);
    if (!name) return false;
    const key = this.key(customerId, name);
    if (!(await this.exists(key))) return false;
    await this.remove(key);
    return true;
  }

  private async remove(key: string): Promise<void> {
    await bucketCall(() => this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key })));
  }

  async removeCustomerFiles(customerId: number): Promise<void> {
    assertCustomerId(customerId);
    for await (const object of this.list(this.key(customerId, ''))) await this.remove(object.key);
  }

  /** Every object under `prefix`, a page of up to 1,000 keys at a time. */
  private async *list(prefix: string): AsyncGenerator<ListedObject> {
    let token: string | undefined;
    do {
      const page = await bucketCall(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.options.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: this.options.listPageSize,
          }),
        ),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, lastModified: item.LastModified ?? new Date(0), size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The customer and file name of a key of ours (`{prefix}{digits}/{safe name}`), or null. */
  private parseKey(key: string): { customerId: number; name: string } | null {
    if (!key.startsWith(this.options.prefix)) return null;
    const match = /^(\d{1,15})\/([^/]+)$/.exec(key.slice(this.options.prefix.length));
    if (!match || !isSafeFileName(match[2]!)) return null;
    const customerId = Number(match[1]);
    return Number.isSafeInteger(customerId) && customerId > 0 ? { customerId, name: match[2]! } : null;
  }

  /**
   * An export must not list a file it then cannot deliver, and an object has no open handle
   * to keep it: each object is copied to a temporary file first, unlinked at once and read
   * through its handle, as on the disk. Objects removed since the listing are skipped.
   */
  async openCustomerFiles(customerId: number): Promise<OpenFile[]> {
    assertCustomerId(customerId);
    const objects: { name: string; key: string }[] = [];
    for await (const object of this.list(this.key(customerId, ''))) {
      const parsed = this.parseKey(object.key);
      if (parsed?.customerId === customerId) objects.push({ name: parsed.name, key: object.key });
    }
    objects.sort((a, b) => (a.name < b.name ? -1 : 1));
    const spool = await mkdtemp(path.join(os.tmpdir(), 'vizit-export-'));
    const opened: OpenFile[] = [];
    try {
      for (const { name, key } of objects) {
        const file = await this.spoolObject(key, path.join(spool, name));
        if (file) opened.push({ name, ...file });
      }
    } catch (err) {
      await Promise.all(opened.map((f) => f.close()));
      throw err;
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
    return opened;
  }

  private async spoolObject(key: string, file: string): Promise<Omit<OpenFile, 'name'> | null> {
    let object;
    try {
      object = await bucketCall(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key })),
      );
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const handle = await open(file, 'wx+', 0o600);
    try {
      let size = 0;
      for await (const piece of object.Body as Readable) {
        await handle.write(piece as Buffer);
        size += (piece as Buffer).length;
      }
      return {
        size,
        mtime: object.LastModified ?? new Date(),
        createReadStream: () => handle.createReadStream({ autoClose: false, start: 0 }),
        close: () => handle.close(),
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  handler(): RequestHandler {
    return serveObjects(this.location);
  }

  /**
   * Nothing to sweep: a PUT is atomic, and a failed multipart upload is aborted by lib-storage.
   * The parts of one cut off by a crash are invisible and never served; the bucket's lifecycle
   * rule removes them (docs/scaling.md, Uploads in object storage).
   */
  async sweepTempFiles(): Promise<number> {
    return 0;
  }

  /** An object's age is its LastModified: when saveFile put it. The listing is paged. */
  async sweepOrphans(referenced: ReadonlySet<string>, options: { olderThanMs: number; now: number }): Promise<number> {
    const keep = new Set([...referenced].map(withoutCacheBuster));
    const orphans: string[] = [];
    for await (const object of this.list(this.options.prefix)) {
      const parsed = this.parseKey(object.key);
      if (!parsed || keep.has(`${UPLOADS_URL_PREFIX}${parsed.customerId}/${parsed.name}`)) continue;
      if (object.lastModified.getTime() > options.now - options.olderThanMs) continue;
      orphans.push(object.key);
    }
    for (const key of orphans) await this.remove(key);
    return orphans.length;
  }

  /** A HEAD of the bucket: whether it answers at all (health check). */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
      return true;
    } catch {
      return false;
    }
  }
}
