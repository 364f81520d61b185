/**
 * The two FileStorage drivers as the storage tests use them: the local disk in a temp folder,
 * and an S3 bucket (s3rver, tests/helpers/s3-test-server.ts) under a key prefix of its own per
 * test. `stored(id)` lists a customer's files as the driver holds them; `plantForeign` puts
 * things next to the customer folders that no customer owns.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { FileStorage } from '../../../src/storage/file-storage.js';
import { LocalDiskStorage } from '../../../src/storage/local-disk.storage.js';
import { S3Storage } from '../../../src/storage/s3.storage.js';
import { startS3TestServer, type S3TestServer } from '../../helpers/s3-test-server.js';

export interface DriverUnderTest {
  readonly storage: FileStorage;
  /** The names stored for the customer, sorted. */
  stored(customerId: number): Promise<string[]>;
  /** `uploads/top.jpg` and `secret.txt` beside the uploads (the disk) or the prefix (the bucket). */
  plantForeign(): Promise<void>;
  /** Whether the planted foreign files are all still there. */
  foreignIntact(): Promise<boolean>;
  dispose(): Promise<void>;
}

export interface Driver {
  readonly name: 'disk' | 's3';
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  fresh(): Promise<DriverUnderTest>;
}

export const diskDriver: Driver = {
  name: 'disk',
  async setUp() {},
  async tearDown() {},
  async fresh() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-storage-'));
    const root = path.join(dir, 'uploads');
    const storage = new LocalDiskStorage(root);
    return {
      storage,
      stored: async (id) => (await readdir(path.join(root, String(id))).catch(() => [])).sort(),
      async plantForeign() {
        await writeFile(path.join(dir, 'secret.txt'), 'secret');
        await writeFile(path.join(root, 'top.jpg'), 'top');
      },
      foreignIntact: async () =>
        (await readdir(dir)).includes('secret.txt') && (await readdir(root)).includes('top.jpg'),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

let server: S3TestServer | null = null;
let prefixes = 0;

export const s3Driver: Driver = {
  name: 's3',
  async setUp() {
    server = await startS3TestServer();
  },
  async tearDown() {
    await server?.close();
    server = null;
  },
  async fresh() {
    const s3 = server!;
    prefixes += 1;
    const top = `run${prefixes}/`;
    const prefix = `${top}uploads/`;
    const client = s3.client();
    const storage = new S3Storage(client, { bucket: s3.bucket, prefix });
    const put = (key: string, body: string) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    return {
      storage,
      stored: async (id) => (await s3.keys(`${prefix}${id}/`)).map((key) => key.slice(`${prefix}${id}/`.length)),
      async plantForeign() {
        await put(`${top}secret.txt`, 'secret');
        await put(`${prefix}top.jpg`, 'top');
      },
      async foreignIntact() {
        const keys = await s3.keys(top);
        return keys.includes(`${top}secret.txt`) && keys.includes(`${prefix}top.jpg`);
      },
      async dispose() {
        client.destroy();
      },
    };
  },
};

export const drivers: Driver[] = [diskDriver, s3Driver];
