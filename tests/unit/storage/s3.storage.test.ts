/** What only the S3 driver has: its key layout, multipart uploads, and a bucket that goes away and comes back. */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { HttpError, StorageUnavailableError } from '../../../src/errors.js';
import { processBackgroundImage } from '../../../src/media/image-processing.js';
import { createS3Client, S3_LIMITS, S3_UPLOAD_LIMITS } from '../../../src/storage/s3-client.js';
import { S3Storage } from '../../../src/storage/s3.storage.js';
import { startS3TestServer, type S3TestServer } from '../../helpers/s3-test-server.js';
import { startThrottlingProxy } from '../../helpers/throttling-proxy.js';

let s3: S3TestServer;
let dir: string;
beforeAll(async () => {
  s3 = await startS3TestServer();
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-s3-source-'));
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('keeps a file at {prefix}{customerId}/{name}, with its type and an hour of caching', async () => {
    const client = s3.client();
    const storage = new S3Storage(client, { bucket: s3.bucket, prefix: 'site/uploads/' });
    await storage.saveFile(12, 'katalog-1.pdf', Buffer.from('%PDF-1.4'));
    expect(await s3.keys('site/')).toEqual(['site/uploads/12/katalog-1.pdf']);
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'site/uploads/12/katalog-1.pdf' }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.CacheControl).toBe('public, max-age=3600');
  });

  it('sends a large file in parts, read from its file a part at a time', async () => {
    const client = s3.client();
    const commands: string[] = [];
    client.middlewareStack.add((next, context) => (args) => {
      commands.push(context.commandName ?? '');
      return next(args);
    });
    const storage = new S3Storage(client, { bucket: s3.bucket, prefix: 'parts/', multipartFromBytes: 6 * 1024 * 1024 });
    const source = path.join(dir, 'buyuk.pdf');
    const content = Buffer.alloc(9 * 1024 * 1024 + 3);
    for (let i = 0; i < content.length; i += 4096) content[i] = i % 251;
    await writeFile(source, content);
    const publicPath = await storage.saveFile(3, 'katalog-buyuk.pdf', { fromFile: source });
    expect((await storage.readFile(3, publicPath))?.equals(content)).toBe(true);
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(2);
    expect(commands).not.toContain('PutObjectCommand');
  });

  it('streams a re-encoded image up from the file sharp wrote, never as bytes in memory', async () => {
    const client = s3.client();
    const bodies: unknown[] = [];
    client.middlewareStack.add((next, context) => (args) => {
      if (context.commandName === 'PutObjectCommand') bodies.push((args.input as { Body?: unknown }).Body);
      return next(args);
    });
    const storage = new S3Storage(client, { bucket: s3.bucket, prefix: 'encoded/' });
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await processBackgroundImage(photo);
    const publicPath = await storage.saveFile(4, storage.newFileName('background', image.ext), image.data);
    const stored = await storage.readFile(4, publicPath);
    expect(stored!.length).toBeGreaterThan(500 * 1024);
    expect(await sharp(stored!).metadata()).toMatchObject({ format: 'webp', width: 1920, height: 1280 });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeInstanceOf(Readable);
    expect(bodies[0]).not.toBeInstanceOf(Uint8Array);
  });

  it('reports an unreachable bucket as a 503 at once, saves nothing, and works again when it is back', async () => {
    const storage = new S3Storage(s3.client(), { bucket: s3.bucket, prefix: 'fault/' });
    const app = express()
      .use('/uploads', storage.handler())
      .use((err: HttpError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res
          .status(err.status ?? 500)
          .type('text/plain')
          .send(err.message);
      });
    const before = await storage.saveFile(5, 'profile-a.jpg', Buffer.from('önce'));
    await s3.stop();
    try {
      const started = Date.now();
      const failure = await storage.saveFile(5, 'profile-b.jpg', Buffer.from('sonra')).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(StorageUnavailableError);
      expect((failure as StorageUnavailableError).status).toBe(503);
      expect((failure as Error).message).toBe('Dosya deposuna şu an ulaşılamıyor; biraz sonra yeniden deneyin.');
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(storage.readFile(5, before)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.reachable()).resolves.toBe(false);
      const served = await request(app).get(before).expect(503);
      expect(served.text).toContain('Dosya deposuna şu an ulaşılamıyor');
    } finally {
      await s3.start();
    }
    // The same client and storage: no restart.
    await expect(storage.reachable()).resolves.toBe(true);
    expect(await storage.saveFile(5, 'profile-b.jpg', Buffer.from('sonra'))).toBe('/uploads/5/profile-b.jpg');
    expect(await s3.keys('fault/')).toEqual(['fault/5/profile-a.jpg', 'fault/5/profile-b.jpg']);
    await request(app).get(before).expect(200);
  });

  it('gives up on a bucket that takes the connection and never answers, and on one that does not exist', async () => {
    const silent = createServer((socket) => socket.on('data', () => {})).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as AddressInfo).port;
    try {
      const settings = { ...s3.settings(), endpoint: `http://127.0.0.1:${port}` };
      const storage = new S3Storage(createS3Client(settings, { ...S3_LIMITS, requestTimeoutMs: 300 }), {
        bucket: s3.bucket,
        prefix: '',
      });
      const started = Date.now();
      await expect(storage.saveFile(1, 'a.jpg', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
      // Two attempts of 300 ms each, not the SDK's default of waiting for ever.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
    const missing = new S3Storage(s3.client(), { bucket: 'no-such-bucket', prefix: '' });
    await expect(missing.saveFile(1, 'a.jpg', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  describe('a slow uplink', () => {
    const content = Buffer.alloc(4 * 1024 * 1024 + 7);
    for (let i = 0; i < content.length; i += 512) content[i] = i % 251;
    /**
     * About four seconds for the file at 1 MB/s: past a one-second limit on the whole request. The
     * idle limit allows for what loopback's socket buffers hold, which goes out while the client sees no progress.
     */
    const throttled = async () => {
      const proxy = await startThrottlingProxy(s3.port, 1024 * 1024);
      const settings = { ...s3.settings(), endpoint: proxy.endpoint };
      const source = path.join(dir, `yavas-${proxy.endpoint.split(':').pop()}.pdf`);
      await writeFile(source, content);
      return {
        proxy,
        source,
        requests: createS3Client(settings, { ...S3_LIMITS, requestTimeoutMs: 1_000 }),
        // 8 s: s3rver, a child process, may get no CPU for seconds on a busy machine while the file is still moving.
        uploads: createS3Client(settings, { ...S3_UPLOAD_LIMITS, idleSocketTimeoutMs: 8_000 }),
      };
    };

    it(
      'lets a file go up for as long as it keeps moving, ' + 'while a limit on the whole request would end it',
      async () => {
        const { proxy, source, requests, uploads } = await throttled();
        try {
          const bounded = new S3Storage(requests, { bucket: s3.bucket, prefix: 'slow-bounded/' });
          await expect(bounded.saveFile(2, 'katalog.pdf', { fromFile: source })).rejects.toBeInstanceOf(
            StorageUnavailableError,
          );
          const storage = new S3Storage(requests, { bucket: s3.bucket, prefix: 'slow/', uploadClient: uploads });
          const publicPath = await storage.saveFile(2, 'katalog.pdf', { fromFile: source });
          expect((await storage.readFile(2, publicPath))?.equals(content)).toBe(true);
          expect(proxy.forwarded).toBeGreaterThan(content.length);
        } finally {
          await proxy.close();
        }
      },
    );

    it('gives up on an upload that stops moving', async () => {
      const { proxy, source, requests, uploads } = await throttled();
      try {
        const storage = new S3Storage(requests, { bucket: s3.bucket, prefix: 'stalled/', uploadClient: uploads });
        const saving = storage.saveFile(2, 'katalog.pdf', { fromFile: source }).catch((err: unknown) => err);
        await vi.waitFor(() => expect(proxy.forwarded).toBeGreaterThan(256 * 1024), { timeout: 10_000, interval: 20 });
        proxy.stall();
        const failure = await saving;
        expect(failure).toBeInstanceOf(StorageUnavailableError);
        expect(((failure as Error).cause as Error).message).toContain('inactivity');
        // s3rver keeps what an aborted PUT brought; S3, MinIO and R2 refuse a body shorter than its Content-Length.
      } finally {
        await proxy.close();
      }
    });
  });

  it('sweeps orphans across pages of the listing', async () => {
    const storage = new S3Storage(s3.client(), { bucket: s3.bucket, prefix: 'many/', listPageSize: 10 });
    const kept = new Set<string>();
    for (let i = 0; i < 45; i += 1) {
      const saved = await storage.saveFile(1 + (i % 3), `f-${i}.jpg`, Buffer.from(String(i)));
      if (i % 2 === 0) kept.add(saved);
    }
    expect(await storage.sweepOrphans(kept, { olderThanMs: 0, now: Date.now() + 5_000 })).toBe(22);
    expect((await s3.keys('many/')).length).toBe(23);
  });
});
