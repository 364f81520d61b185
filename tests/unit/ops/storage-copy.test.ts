/** `npm run storage:copy -- --to s3://...` run as a real command against s3rver. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/launcher.js';
import { startS3TestServer, type S3TestServer } from '../../helpers/s3-test-server.js';

const SCRIPT = 'src/cli/storage-copy.ts';
let s3: S3TestServer;
let dataDir: string;
/** The files on the disk, by key under the prefix `kopya/`. */
const files = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3TestServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-storage-copy-'));
  const uploads = path.join(dataDir, 'uploads');
  const put = async (folder: string, name: string, data: Buffer) => {
    await mkdir(path.join(uploads, folder), { recursive: true });
    await writeFile(path.join(uploads, folder, name), data);
  };
  const pdf = Buffer.alloc(2 * 1024 * 1024 + 17);
  for (let i = 0; i < pdf.length; i += 997) pdf[i] = i % 256;
  for (const [folder, name, data] of [
    ['3', 'profile-abcdefghijklmnop.jpg', Buffer.from('fotoğraf')],
    ['3', 'katalog-1700000000000.pdf', pdf],
    ['12', 'cover-ABCDEFGHIJKLMNOP.jpg', Buffer.from('kapak')],
  ] as const) {
    await put(folder, name, data);
    files.set(`kopya/${Number(folder)}/${name}`, data);
  }
  // Not uploads of ours: a crash's temp file, a folder that is not a customer's, a file at the top.
  await put('3', '.profile-x.jpg.tmp-abc', Buffer.from('yarım'));
  await put('tmp', 'x.jpg', Buffer.from('?'));
  await writeFile(path.join(uploads, 'top.jpg'), 'üst');
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dataDir, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
const target = () => s3.env('kopya/').STORAGE_URL!;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function bucketHash(key: string): Promise<string> {
  const object = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return sha(Buffer.from(await object.Body!.transformToByteArray()));
}

describe('storage:copy', () => {
  it('copies every upload under its key, checks each SHA-256, and copies nothing the second time', async () => {
    const first = await runCli(SCRIPT, ['--to', target()], env());
    expect(first.stderr).not.toContain('configuration error');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Kopyalandı / copied: 3');
    expect(first.stdout).toContain('SHA-256 ile doğrulandı / verified by SHA-256: 3 / 3');
    expect(await s3.keys('kopya/')).toEqual([...files.keys()].sort());
    for (const [key, data] of files) expect(await bucketHash(key)).toBe(sha(data));

    const second = await runCli(SCRIPT, [`--to=${target()}`], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Kopyalandı / copied: 0');
    expect(second.stdout).toContain('Kovada zaten vardı / already in the bucket: 3');
    expect(second.stdout).toContain('verified by SHA-256: 3 / 3');
  });

  it('never overwrites a key that holds other bytes, and says so with exit 1', async () => {
    const key = 'baska/3/profile-abcdefghijklmnop.jpg';
    await s3.client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'başka bir dosya!' }));
    const run = await runCli(SCRIPT, ['--to', s3.env('baska/').STORAGE_URL!], env());
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`other content, left alone: ${key}`);
    expect(run.stdout).toContain('Kopyalandı / copied: 2');
    expect(await bucketHash(key)).toBe(sha(Buffer.from('başka bir dosya!')));
  });

  it('refuses bad arguments with its usage (64) and a bucket that does not answer (69)', async () => {
    const none = await runCli(SCRIPT, [], env());
    expect(none.code).toBe(64);
    expect(none.stderr).toContain('npm run storage:copy -- --to');
    const wrong = await runCli(SCRIPT, ['--to', 'https://kova'], env());
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('must start with s3://');
    await s3.stop();
    try {
      const away = await runCli(SCRIPT, ['--to', target()], env());
      expect(away.code).toBe(69);
      expect(away.stderr).toContain('Kovaya ulaşılamıyor / the bucket does not answer');
      expect(away.stderr).not.toContain('S3RVER');
    } finally {
      await s3.start();
    }
  });
});
