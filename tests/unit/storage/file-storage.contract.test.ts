/**
 * What every FileStorage driver does the same (src/storage/file-storage.ts), run on the local
 * disk and on an S3 bucket (s3rver). What only the disk has (temp files, symlinks, folders)
 * is in local-disk.storage.test.ts; what only the bucket has in s3.storage.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import express from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage, OpenFile } from '../../../src/storage/file-storage.js';
import { drivers, type DriverUnderTest } from './storage-drivers.js';

/** Public paths that are not a file of customer 7's own (see seedOwnAndForeignFiles). */
const NOT_OWN_FILES = [
  '/uploads/8/profile-other.jpg',
  '/uploads/70/profile-seventy.jpg',
  '/uploads/7/../8/profile-other.jpg',
  '/uploads/7/..%2f8%2fprofile-other.jpg',
  '/uploads/7/%2e%2e/8/profile-other.jpg',
  '/uploads/7/../top.jpg',
  '/uploads/7/../../secret.txt',
  '/uploads/7/..\\..\\secret.txt',
  '/uploads/top.jpg',
  '/uploads/7/',
  '/uploads/7',
  '/uploads//7/profile-own.jpg',
  '/uploads/7//profile-own.jpg',
  '/uploads/7/sub/profile-own.jpg',
  '/uploads/7/.profile-own.jpg',
  '/uploads/7/profile-own.jpg#x',
  'uploads/7/profile-own.jpg',
  '/etc/passwd',
  '/srv/vizit/data/uploads/7/profile-own.jpg',
  'https://example.com/uploads/7/profile-own.jpg',
  'data:image/jpeg;base64,AAAA',
  '',
];

describe.each(drivers)('FileStorage on $name', (driver) => {
  let under: DriverUnderTest;
  let storage: FileStorage;
  let dir: string;

  beforeAll(() => driver.setUp(), 60_000);
  afterAll(() => driver.tearDown());
  beforeEach(async () => {
    under = await driver.fresh();
    storage = under.storage;
    dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-storage-source-'));
  });
  afterEach(async () => {
    await under.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const read = async (id: number, name: string) =>
    (await storage.readFile(id, `/uploads/${id}/${name}`))?.toString('utf8');

  /** Customer 7's own file ('seven'), files of customers 8 and 70, and files outside any customer folder. */
  async function seedOwnAndForeignFiles(): Promise<void> {
    await storage.saveFile(7, 'profile-own.jpg', Buffer.from('seven'));
    await storage.saveFile(8, 'profile-other.jpg', Buffer.from('8'));
    await storage.saveFile(70, 'profile-seventy.jpg', Buffer.from('70'));
    await under.plantForeign();
  }

  describe('newFileName', () => {
    it('is {prefix}-{16 random base64url characters}.{ext}, different every time', () => {
      const names = new Set(Array.from({ length: 50 }, () => storage.newFileName('profile', 'jpg')));
      expect(names.size).toBe(50);
      for (const name of names) expect(name).toMatch(/^profile-[A-Za-z0-9_-]{16}\.jpg$/);
    });

    it.each([
      ['../x', 'jpg'],
      ['a/b', 'jpg'],
      ['.hidden', 'jpg'],
      ['', 'jpg'],
      ['profile', 'jp/g'],
      ['profile', ''],
      ['profile', 'JPG!'],
    ])('refuses the parts %j, %j', (prefix, ext) => {
      expect(() => storage.newFileName(prefix, ext)).toThrow(TypeError);
    });
  });

  describe('saveFile', () => {
    it("stores the bytes as the customer's file and returns the public path", async () => {
      expect(await storage.saveFile(7, 'profile-abc.jpg', Buffer.from('resim'))).toBe('/uploads/7/profile-abc.jpg');
      expect(await under.stored(7)).toEqual(['profile-abc.jpg']);
      expect(await read(7, 'profile-abc.jpg')).toBe('resim');
    });

    it(
      'has content written by its maker (a re-encoded image) ' + 'into a file the driver names, and publishes it whole',
      async () => {
        const content = Buffer.alloc(512 * 1024 + 3, 9);
        const given: string[] = [];
        const publicPath = await storage.saveFile(7, 'cover-a.jpg', {
          writeTo: async (file) => {
            given.push(file);
            await writeFile(file, content);
          },
        });
        expect(publicPath).toBe('/uploads/7/cover-a.jpg');
        expect(await under.stored(7)).toEqual(['cover-a.jpg']);
        expect((await storage.readFile(7, publicPath))?.equals(content)).toBe(true);
        expect(given).toHaveLength(1);
        expect(existsSync(given[0]!)).toBe(false);
      },
    );

    it('leaves nothing when the maker fails half-way: no file, no temporary file, the error passed on', async () => {
      const failure = new Error('kodlama yarıda kaldı');
      const given: string[] = [];
      const saving = storage.saveFile(7, 'cover-b.jpg', {
        writeTo: async (file) => {
          given.push(file);
          await writeFile(file, Buffer.alloc(64 * 1024, 1));
          throw failure;
        },
      });
      await expect(saving).rejects.toBe(failure);
      expect(await under.stored(7)).toEqual([]);
      expect(existsSync(given[0]!)).toBe(false);
    });

    it("copies a file's content (an upload's temporary file), which stays where it was", async () => {
      const source = path.join(dir, 'yukleme');
      const content = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
      await writeFile(source, content);
      expect(await storage.saveFile(7, 'katalog.pdf', { fromFile: source })).toBe('/uploads/7/katalog.pdf');
      expect((await storage.readFile(7, '/uploads/7/katalog.pdf'))?.equals(content)).toBe(true);
      expect((await buffer((await import('node:fs')).createReadStream(source))).length).toBe(content.length);
    });

    it('never overwrites: a taken name gets -2, -3, ... before its extension', async () => {
      const name = 'fiyat-listesi-1700000000000.pdf';
      expect(await storage.saveFile(3, name, Buffer.from('birinci'))).toBe(`/uploads/3/${name}`);
      expect(await storage.saveFile(3, name, Buffer.from('ikinci'))).toBe(
        '/uploads/3/fiyat-listesi-1700000000000-2.pdf',
      );
      expect(await storage.saveFile(3, name, Buffer.from('üçüncü'))).toBe(
        '/uploads/3/fiyat-listesi-1700000000000-3.pdf',
      );
      expect(await read(3, name)).toBe('birinci');
      expect(await read(3, 'fiyat-listesi-1700000000000-2.pdf')).toBe('ikinci');
      expect(await read(3, 'fiyat-listesi-1700000000000-3.pdf')).toBe('üçüncü');
    });

    it('gives each of several simultaneous saves of one name its own file', async () => {
      const paths = await Promise.all(
        Array.from({ length: 8 }, (_, i) => storage.saveFile(3, 'katalog-1.pdf', Buffer.from(`dosya ${i}`))),
      );
      expect(new Set(paths).size).toBe(8);
      const names = await under.stored(3);
      expect(names).toHaveLength(8);
      const contents = await Promise.all(names.map((name) => read(3, name)));
      expect(contents.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `dosya ${i}`).sort());
    });

    it('rejects when no free name fits, leaving the taken file as it was', async () => {
      // A 128-character name that is taken: its -2 form would be too long, so the save gives up.
      const longest = `${'a'.repeat(124)}.pdf`;
      await storage.saveFile(5, longest, Buffer.from('eski'));
      await expect(storage.saveFile(5, longest, Buffer.from('yeni'))).rejects.toThrow(/no free file name/);
      expect(await under.stored(5)).toEqual([longest]);
      expect(await read(5, longest)).toBe('eski');
    });

    it.each([
      '../x.jpg',
      '../../vizit.sqlite',
      'a/b.jpg',
      'a\\b.jpg',
      '.hidden.jpg',
      'noext',
      'a..b.jpg',
      '',
      'ü.jpg',
      'x.jpg\0.png',
    ])('refuses the file name %j', async (name) => {
      await expect(storage.saveFile(7, name, Buffer.from('x'))).rejects.toThrow(TypeError);
      expect(await under.stored(7)).toEqual([]);
    });

    it.each([0, -1, 1.5, Number.NaN])('refuses the customer id %s', async (id) => {
      await expect(storage.saveFile(id, 'a.jpg', Buffer.from('x'))).rejects.toThrow(TypeError);
    });
  });

  describe('removePublicPath', () => {
    beforeEach(() => seedOwnAndForeignFiles());

    it('deletes a file of the customer, with or without a cache-buster', async () => {
      await expect(storage.removePublicPath(7, '/uploads/7/profile-own.jpg?v=1712345678')).resolves.toBe(true);
      expect(await under.stored(7)).toEqual([]);
      await storage.saveFile(7, 'cover-own.jpg', Buffer.from('7'));
      await expect(storage.removePublicPath(7, '/uploads/7/cover-own.jpg')).resolves.toBe(true);
      expect(await under.stored(7)).toEqual([]);
    });

    it('is fine with a file that is already gone, or no path at all', async () => {
      await expect(storage.removePublicPath(7, '/uploads/7/profile-gone.jpg')).resolves.toBe(false);
      await expect(storage.removePublicPath(7, null)).resolves.toBe(false);
      await expect(storage.removePublicPath(9, '/uploads/9/nothing-here.jpg')).resolves.toBe(false);
    });

    it.each(NOT_OWN_FILES)('refuses %j and removes nothing', async (publicPath) => {
      await expect(storage.removePublicPath(7, publicPath)).resolves.toBe(false);
      expect(await under.stored(7)).toEqual(['profile-own.jpg']);
      expect(await under.stored(8)).toEqual(['profile-other.jpg']);
      expect(await under.stored(70)).toEqual(['profile-seventy.jpg']);
      expect(await under.foreignIntact()).toBe(true);
    });
  });

  describe('readFile', () => {
    beforeEach(() => seedOwnAndForeignFiles());

    it('gives the bytes of a file of the customer, with or without a cache-buster', async () => {
      expect((await storage.readFile(7, '/uploads/7/profile-own.jpg'))?.toString()).toBe('seven');
      expect((await storage.readFile(7, '/uploads/7/profile-own.jpg?v=1712345678'))?.toString()).toBe('seven');
    });

    it.each(NOT_OWN_FILES)('refuses %j', async (publicPath) => {
      await expect(storage.readFile(7, publicPath)).resolves.toBeNull();
    });

    it('is null for a missing file or no path', async () => {
      await expect(storage.readFile(7, '/uploads/7/profile-gone.jpg')).resolves.toBeNull();
      await expect(storage.readFile(7, null)).resolves.toBeNull();
    });
  });

  describe('removeCustomerFiles', () => {
    it("removes every file of one customer and no one else's", async () => {
      await storage.saveFile(4, 'a.jpg', Buffer.from('a'));
      await storage.saveFile(4, 'b.pdf', Buffer.from('b'));
      await storage.saveFile(5, 'b.jpg', Buffer.from('b'));
      await storage.saveFile(40, 'c.jpg', Buffer.from('c'));
      await storage.removeCustomerFiles(4);
      expect(await under.stored(4)).toEqual([]);
      expect(await under.stored(5)).toEqual(['b.jpg']);
      expect(await under.stored(40)).toEqual(['c.jpg']);
      await expect(storage.removeCustomerFiles(99)).resolves.toBeUndefined();
    });
  });

  describe('sweepOrphans', () => {
    it('removes unreferenced files older than the grace period, and nothing else', async () => {
      const kept = await storage.saveFile(1, 'profile-kept.jpg', Buffer.from('a'));
      const cacheBusted = await storage.saveFile(1, 'cover-kept.jpg', Buffer.from('b'));
      await storage.saveFile(1, 'profile-orphan.jpg', Buffer.from('c'));
      await storage.saveFile(2, 'katalog-1.pdf', Buffer.from('d'));
      await under.plantForeign();
      const now = Date.now() + 10_000;
      // Within the grace period nothing goes.
      expect(await storage.sweepOrphans(new Set([kept, `${cacheBusted}?v=3`]), { olderThanMs: 60_000, now })).toBe(0);
      expect(await storage.sweepOrphans(new Set([kept, `${cacheBusted}?v=3`]), { olderThanMs: 0, now })).toBe(2);
      expect(await under.stored(1)).toEqual(['cover-kept.jpg', 'profile-kept.jpg']);
      expect(await under.stored(2)).toEqual([]);
      expect(await under.foreignIntact()).toBe(true);
    });
  });

  describe('openCustomerFiles', () => {
    const closeAll = (files: OpenFile[]) => Promise.all(files.map((f) => f.close()));

    it("opens the customer's files by name, with their sizes and bytes, and nothing else", async () => {
      const catalog = Buffer.alloc(100 * 1024, 7); // more than one read of a stream
      const before = Date.now() - 2_000;
      await storage.saveFile(7, 'profile-b.jpg', Buffer.from('resim'));
      await storage.saveFile(7, 'katalog-a.pdf', catalog);
      await storage.saveFile(8, 'profile-other.jpg', Buffer.from('başkası'));
      const files = await storage.openCustomerFiles(7);
      try {
        expect(files.map((f) => [f.name, f.size])).toEqual([
          ['katalog-a.pdf', catalog.length],
          ['profile-b.jpg', 5],
        ]);
        expect(files[1]!.mtime.getTime()).toBeGreaterThan(before);
        expect((await buffer(files[0]!.createReadStream())).equals(catalog)).toBe(true);
        // Each stream starts from the first byte.
        expect((await buffer(files[1]!.createReadStream())).toString()).toBe('resim');
        expect((await buffer(files[1]!.createReadStream())).toString()).toBe('resim');
      } finally {
        await closeAll(files);
      }
    });

    it('keeps an opened file readable after it is removed', async () => {
      const publicPath = await storage.saveFile(7, 'profile-a.jpg', Buffer.from('eski'));
      const files = await storage.openCustomerFiles(7);
      try {
        await expect(storage.removePublicPath(7, publicPath)).resolves.toBe(true);
        expect((await buffer(files[0]!.createReadStream())).toString()).toBe('eski');
      } finally {
        await closeAll(files);
      }
    });

    it('closes: the file cannot be read after close(), which may be called again', async () => {
      await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim'));
      const [file] = await storage.openCustomerFiles(7);
      await file!.close();
      await file!.close();
      await expect(async () => buffer(file!.createReadStream())).rejects.toThrow();
    });

    it('is an empty list for a customer without files', async () => {
      await expect(storage.openCustomerFiles(9)).resolves.toEqual([]);
    });

    it.each([0, -1, 1.5, Number.NaN])('refuses the customer id %s', async (id) => {
      await expect(storage.openCustomerFiles(id)).rejects.toThrow(TypeError);
    });
  });

  describe('handler', () => {
    /** The handler where the app mounts it, with a last handler that shows what fell through. */
    const app = () =>
      express()
        .use('/uploads', storage.handler())
        .use((_req, res) => {
          res.status(404).type('text/plain').send('yok');
        });
    const pdf = Buffer.from('%PDF-1.4 katalog, bir iki üç dört beş');

    it('serves a saved file, cacheable for an hour, with its validators, to GET and HEAD', async () => {
      const publicPath = await storage.saveFile(7, 'katalog-a.pdf', pdf);
      const res = await request(app()).get(publicPath).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(Buffer.from(res.body as Buffer).equals(pdf)).toBe(true);
      const head = await request(app()).head(publicPath).expect(200);
      expect(head.headers['content-length']).toBe(String(pdf.length));
      expect(head.headers.etag).toBe(res.headers.etag);
      const jpeg = await request(app())
        .get(await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim')))
        .expect(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
    });

    it('answers 304 to a matching If-None-Match or an unchanged If-Modified-Since, 200 to another', async () => {
      const publicPath = await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim'));
      const first = await request(app()).get(publicPath).expect(200);
      const etag = first.headers.etag as string;
      const cached = await request(app()).get(publicPath).set('If-None-Match', etag).expect(304);
      expect(cached.headers['cache-control']).toBe('public, max-age=3600');
      expect(cached.text ?? '').toBe('');
      await request(app())
        .get(publicPath)
        .set('If-Modified-Since', first.headers['last-modified'] as string)
        .expect(304);
      await request(app()).get(publicPath).set('If-None-Match', '"baska"').expect(200);
    });

    it('answers one byte range with 206 and the rest of the file from an offset (PDF viewers, video)', async () => {
      // (No suffix range, `bytes=-4`: s3rver does not know them; AWS S3, MinIO and R2 do.)
      const publicPath = await storage.saveFile(7, 'katalog-a.pdf', pdf);
      const part = await request(app()).get(publicPath).set('Range', 'bytes=5-12').buffer(true).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 5-12/${pdf.length}`);
      expect(Buffer.from(part.body as Buffer).equals(pdf.subarray(5, 13))).toBe(true);
      const rest = await request(app()).get(publicPath).set('Range', 'bytes=10-').buffer(true).expect(206);
      expect(rest.headers['content-range']).toBe(`bytes 10-${pdf.length - 1}/${pdf.length}`);
      expect(Buffer.from(rest.body as Buffer).equals(pdf.subarray(10))).toBe(true);
      const past = await request(app())
        .get(publicPath)
        .set('Range', `bytes=${pdf.length + 10}-`)
        .expect(416);
      expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    });

    it('passes a missing file, a folder and a name that is not ours on', async () => {
      await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim'));
      for (const url of [
        '/uploads/7/',
        '/uploads/7/profile-gone.jpg',
        '/uploads/7/.profile-a.jpg',
        '/uploads/8/profile-a.jpg',
      ]) {
        const res = await request(app()).get(url).expect(404);
        expect(res.text).toBe('yok');
      }
    });
  });
});
