import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { errorHandler } from '../../src/middleware/error-handler.js';
import { backgroundUpload, catalogUpload, FileTooLargeError, photoUpload } from '../../src/middleware/upload.js';
import { uploadStagingFolder } from '../../src/middleware/upload-storage.js';
import { requireFile, uploadBytes, uploadSource } from '../../src/http/uploaded-file.js';
import { catalogFileName, prepareCatalogFile } from '../../src/media/catalog-file.js';
import { parseCrop, processBackgroundImage, processPhoto } from '../../src/media/image-processing.js';
import { LocalDiskStorage } from '../../src/storage/local-disk.storage.js';
import { MINIMAL_PDF } from '../helpers/fixtures.js';

/**
 * The upload middleware in a small Express app with our real error handler and services, driven
 * over HTTP: the way the owner routes will chain them (upload → handler → services), with
 * every multipart oddity a browser or an attacker can send.
 */

const MB = 1024 * 1024;
const CUSTOMER = 7;
const PHOTO_TOO_LARGE = "Dosya boyutu 5MB'tan küçük olmalıdır";
const CATALOG_TOO_LARGE = 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.';
const NOT_IMAGE = 'Lütfen yalnızca resim dosyası seçin';
const UNSUPPORTED = 'Desteklenmeyen dosya türü. Yalnızca PDF, JPG, PNG, GIF, WebP dosyaları kabul edilir.';
const NO_FILE = 'Dosya seçilmedi';
const BAD_CROP = 'Geçersiz kırpma alanı.';
const uploadFailed = (reason: string) => `Dosya yükleme hatası: ${reason}`;
const TOO_MANY_FILES = uploadFailed('yalnızca bir dosya seçebilirsiniz.');
const UNEXPECTED_FIELD = uploadFailed('dosya beklenmeyen bir alanda gönderildi.');
const TOO_MANY_FIELDS = uploadFailed('formda çok fazla alan var.');
const FIELD_TOO_LONG = uploadFailed('form alanlarından biri çok uzun.');
const BAD_FIELD_NAME = uploadFailed('form alanlarından birinin adı geçersiz.');
const MALFORMED = uploadFailed('form verisi okunamadı.');

let dir: string;
let storage: LocalDiskStorage;
let app: Express;
let jpeg: Buffer;

function buildApp(): Express {
  const server = express();
  server.post('/photo', photoUpload, async (req, res) => {
    const file = requireFile(req);
    const photo = await processPhoto(uploadSource(file), 'profile', parseCrop(req.body));
    const saved = await storage.saveFile(CUSTOMER, storage.newFileName('profile', 'jpg'), photo);
    res.json({ ok: true, path: saved, originalname: file.originalname, onDisk: file.path ?? null });
  });
  // What the parser hands over, without the image checks: for the size limits themselves.
  server.post('/photo-raw', photoUpload, async (req, res) => {
    const file = requireFile(req);
    res.json({
      ok: true,
      size: (await uploadBytes(file)).length,
      fields: Object.keys(req.body as object).length,
      inMemory: file.buffer !== undefined,
    });
  });
  server.post('/catalog', catalogUpload, async (req, res) => {
    const file = requireFile(req);
    const catalog = await prepareCatalogFile(uploadSource(file));
    const label = (req.body as Record<string, unknown>).label;
    const name = catalogFileName(typeof label === 'string' ? label : '', new Date(1_767_225_600_000), catalog.ext);
    const content = typeof catalog.data === 'string' ? { fromFile: catalog.data } : catalog.data;
    res.json({ ok: true, path: await storage.saveFile(CUSTOMER, name, content) });
  });
  server.post('/catalog-raw', catalogUpload, async (req, res) => {
    res.json({
      ok: true,
      size: (await uploadBytes(requireFile(req))).length,
      fields: Object.keys(req.body as object).length,
    });
  });
  server.post('/background', backgroundUpload, async (req, res) => {
    const image = await processBackgroundImage(uploadSource(requireFile(req)));
    res.json({
      ok: true,
      path: await storage.saveFile(CUSTOMER, storage.newFileName('background', image.ext), image.data),
    });
  });
  server.post('/background-raw', backgroundUpload, async (req, res) => {
    res.json({ ok: true, size: (await uploadBytes(requireFile(req))).length });
  });
  // What a route after the parser sees of a refused file: the error's class and the fields.
  server.post(
    '/catalog-refused',
    catalogUpload,
    (_req: express.Request, res: express.Response) => {
      res.json({ ok: true });
    },
    ((err, req, res, _next) => {
      res.status(499).json({
        tooLarge: err instanceof FileTooLargeError,
        status: (err as FileTooLargeError).status,
        body: { ...req.body },
        file: req.file ?? null,
      });
    }) as ErrorRequestHandler,
  );
  server.use(errorHandler(createLogger('silent')));
  return server;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-upload-'));
  storage = new LocalDiskStorage(path.join(dir, 'uploads'));
  app = buildApp();
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c03020' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const post = (url: string) => request(app).post(url).set('Accept', 'application/json');

/** Everything under the temp dir, relative to it: proves what was (not) written, and where. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

interface Part {
  name: string | null;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

const BOUNDARY = '----vizitSinir7MA4YWxkTrZu0gW';

/** A multipart body written by hand, for what a form library would never produce. */
function multipart(parts: Part[], { close = true }: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name === null ? '' : `; name="${part.name}"`;
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data${name}${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function sendRaw(url: string, body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return post(url).set('Content-Type', contentType).send(body);
}

function expectError(res: request.Response, status: number, message: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ ok: false, error: message });
}

describe('a profile photo upload', () => {
  it("is parsed in memory, re-encoded and saved under our own name; the client's name is ignored", async () => {
    const res = await post('/photo')
      .field('_csrf', 'token')
      .field('crop_x', '100')
      .field('crop_y', '50')
      .field('crop_width', '400')
      .field('crop_height', '400')
      .attach('file', jpeg, { filename: '../../../../etc/cron.d/evil.jpg', contentType: 'image/jpeg' })
      .expect(200);

    // Staged under a random name of ours: nothing of the client's file name reaches a path.
    expect(path.basename(res.body.onDisk)).toMatch(/^upload-[A-Za-z0-9_-]{16}$/);
    expect(res.body.originalname).toBe('evil.jpg');
    expect(res.body.path).toMatch(/^\/uploads\/7\/profile-[A-Za-z0-9_-]{16}\.jpg$/);
    const files = await filesOnDisk();
    expect(files).toContain(path.join('uploads', '7', path.basename(res.body.path as string)));
    expect(files.some((f) => f.includes('evil'))).toBe(false);

    const saved = await readFile(path.join(storage.root, '7', path.basename(res.body.path as string)));
    const meta = await sharp(saved).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await post('/photo-raw').attach('file', Buffer.alloc(5 * MB + 1), 'buyuk.jpg');
    expectError(res, 413, PHOTO_TOO_LARGE);
  });

  it(
    'refuses with 413 a file up to 3x the limit (read to its end and dropped) and a request declaring more ' +
      '(drained unparsed)',
    async () => {
      expectError(await post('/photo-raw').attach('file', Buffer.alloc(7 * MB), 'cok-buyuk.jpg'), 413, PHOTO_TOO_LARGE);
      expectError(await post('/photo-raw').attach('file', Buffer.alloc(16 * MB), 'dev.jpg'), 413, PHOTO_TOO_LARGE);
    },
  );

  it('takes a file of exactly 5 MB (then judged by its bytes)', async () => {
    const res = await post('/photo-raw')
      .attach('file', Buffer.alloc(5 * MB), 'tam.jpg')
      .expect(200);
    expect(res.body.size).toBe(5 * MB);
  });

  it.each([
    [
      'an SVG with a script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an SVG with a foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body ' +
        'xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an HTML page named .jpg and sent as image/jpeg',
      '<html><script>alert(1)</script></html>',
      'foto.jpg',
      'image/jpeg',
    ],
    ['a PDF named .png', MINIMAL_PDF, 'foto.png', 'image/png'],
    ['a zero-byte file', Buffer.alloc(0), 'bos.jpg', 'image/jpeg'],
  ])('refuses %s with 422', async (_name, data, filename, contentType) => {
    const before = await filesOnDisk();
    const res = await post('/photo').attach('file', Buffer.from(data), { filename, contentType });
    expectError(res, 422, NOT_IMAGE);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('stores a JPEG/HTML polyglot only as the re-encoded image', async () => {
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await post('/photo').attach('file', polyglot, 'foto.jpg').expect(200);
    const saved = await readFile(path.join(storage.root, '7', path.basename(res.body.path as string)));
    expect(saved.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(saved).metadata()).format).toBe('jpeg');
  });

  it('refuses a crop outside the image, or garbage in the crop fields, with 422', async () => {
    const outside = await post('/photo')
      .field('crop_x', '700')
      .field('crop_y', '0')
      .field('crop_width', '400')
      .field('crop_height', '400')
      .attach('file', jpeg, 'foto.jpg');
    expectError(outside, 422, BAD_CROP);
    const garbage = await post('/photo')
      .field('crop_x', 'sol')
      .field('crop_y', '0')
      .field('crop_width', '400')
      .field('crop_height', '400')
      .attach('file', jpeg, 'foto.jpg');
    expectError(garbage, 422, BAD_CROP);
  });

  it('answers 422 "Dosya seçilmedi" when the form comes without a file', async () => {
    expectError(await post('/photo').field('_csrf', 'token'), 422, NO_FILE);
    // A browser sends an empty part with an empty file name when no file was chosen.
    expectError(
      await sendRaw('/photo', multipart([{ name: 'file', filename: '', type: 'application/octet-stream', data: '' }])),
      422,
      NO_FILE,
    );
    // Not multipart at all: the parser lets it through and the file is missing.
    expectError(await post('/photo').type('form').send({ crop_x: '1' }), 422, NO_FILE);
  });

  it('refuses two files with 400', async () => {
    const res = await post('/photo-raw').attach('file', jpeg, 'a.jpg').attach('file', jpeg, 'b.jpg');
    expectError(res, 400, TOO_MANY_FILES);
  });

  it('refuses a file in another field with 400', async () => {
    expectError(await post('/photo-raw').attach('photo', jpeg, 'a.jpg'), 400, UNEXPECTED_FIELD);
    expectError(
      await post('/photo-raw').attach('file', jpeg, 'a.jpg').attach('avatar', jpeg, 'b.jpg'),
      400,
      TOO_MANY_FILES,
    );
  });

  it('refuses a file part with an empty field name with 400', async () => {
    const res = await sendRaw(
      '/photo-raw',
      multipart([{ name: '', filename: 'a.jpg', type: 'image/jpeg', data: jpeg }]),
    );
    expectError(res, 400, BAD_FIELD_NAME);
  });

  it('refuses a part without any field name with 400', async () => {
    const res = await sendRaw('/photo-raw', multipart([{ name: null, data: 'değer' }]));
    expectError(res, 400, BAD_FIELD_NAME);
  });

  it('takes 10 text fields of up to 1 KB, and refuses an 11th or a longer one', async () => {
    const ten = Array.from({ length: 10 }, (_, i): Part => ({ name: `f${i}`, data: 'x'.repeat(1024) }));
    const file: Part = { name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: jpeg };
    const ok = await sendRaw('/photo-raw', multipart([...ten, file])).expect(200);
    expect(ok.body.fields).toBe(10);
    expectError(
      await sendRaw('/photo-raw', multipart([...ten, { name: 'f10', data: 'x' }, file])),
      400,
      TOO_MANY_FIELDS,
    );
    expectError(
      await sendRaw('/photo-raw', multipart([{ name: 'bio', data: 'x'.repeat(1025) }, file])),
      400,
      FIELD_TOO_LONG,
    );
    expectError(
      await sendRaw('/photo-raw', multipart([{ name: 'a'.repeat(101), data: 'x' }, file])),
      400,
      FIELD_TOO_LONG,
    );
  });

  it('refuses deeply nested or huge-index field names with 400', async () => {
    const file: Part = { name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: jpeg };
    expectError(await sendRaw('/photo-raw', multipart([{ name: 'a[b][c]', data: 'x' }, file])), 400, BAD_FIELD_NAME);
    expectError(
      await sendRaw('/photo-raw', multipart([{ name: 'a[99999999]', data: 'x' }, file])),
      400,
      BAD_FIELD_NAME,
    );
  });

  it.each([
    [
      'a body cut off before its closing boundary',
      multipart([{ name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: 'abc' }], { close: false }),
    ],
    [
      'a part with a broken header',
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data; name="file"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`),
    ],
    ['a body without any boundary', Buffer.from('bu bir form değil')],
  ])('refuses %s with 400', async (_name, body) => {
    expectError(await sendRaw('/photo-raw', body), 400, MALFORMED);
  });

  it('refuses multipart without a boundary parameter with 400', async () => {
    expectError(await sendRaw('/photo-raw', Buffer.from('abc'), 'multipart/form-data'), 400, MALFORMED);
  });

  it('wrote nothing to disk for any refused upload', async () => {
    const files = await filesOnDisk();
    // Only the two photos accepted above, each under our own name.
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^uploads\/7\/profile-[A-Za-z0-9_-]{16}\.jpg$/);
  });
});

describe('a catalog upload', () => {
  it('stores a PDF as it came under the slugified catalog name', async () => {
    const res = await post('/catalog')
      .field('label', 'Yaz Kataloğu')
      .attach('file', MINIMAL_PDF, 'ne olursa.pdf')
      .expect(200);
    expect(res.body.path).toBe('/uploads/7/yaz-katalogu-1767225600000.pdf');
    expect((await readFile(path.join(storage.root, '7', 'yaz-katalogu-1767225600000.pdf'))).equals(MINIMAL_PDF)).toBe(
      true,
    );
  });

  it('never overwrites a catalog of the same name and time', async () => {
    const res = await post('/catalog').field('label', 'Yaz Kataloğu').attach('file', MINIMAL_PDF, 'a.pdf').expect(200);
    expect(res.body.path).toBe('/uploads/7/yaz-katalogu-1767225600000-2.pdf');
  });

  it('re-encodes an image catalog', async () => {
    const res = await post('/catalog').field('label', 'Fiyat Listesi').attach('file', jpeg, 'liste.jpg').expect(200);
    const saved = await readFile(path.join(storage.root, '7', path.basename(res.body.path as string)));
    expect(await sharp(saved).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect((await sharp(saved).metadata()).exif).toBeUndefined();
  });

  it('refuses an SVG, an HTML page named .pdf and an empty file with 422', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(await post('/catalog').attach('file', svg, 'k.svg'), 422, UNSUPPORTED);
    expectError(
      await post('/catalog').attach('file', Buffer.from('<html><script>alert(1)</script></html>'), {
        filename: 'k.pdf',
        contentType: 'application/pdf',
      }),
      422,
      UNSUPPORTED,
    );
    expectError(await post('/catalog').attach('file', Buffer.alloc(0), 'k.pdf'), 422, UNSUPPORTED);
  });

  it('takes exactly 10 MB, and refuses more with 413 and the catalog message', async () => {
    const ok = await post('/catalog-raw')
      .attach('file', Buffer.alloc(10 * MB), 'k.pdf')
      .expect(200);
    expect(ok.body.size).toBe(10 * MB);
    expectError(await post('/catalog-raw').attach('file', Buffer.alloc(10 * MB + 1), 'k.pdf'), 413, CATALOG_TOO_LARGE);
    expectError(await post('/catalog-raw').attach('file', Buffer.alloc(12 * MB), 'k.pdf'), 413, CATALOG_TOO_LARGE);
  });

  it('hands a file over the limit on as a FileTooLargeError, with the fields sent before and after it', async () => {
    const res = await post('/catalog-refused')
      .field('platform', 'catalog')
      .attach('file', Buffer.alloc(11 * MB), 'k.pdf')
      .field('label', 'Yaz Menüsü')
      .expect(499);
    expect(res.body).toEqual({
      tooLarge: true,
      status: 413,
      body: { platform: 'catalog', label: 'Yaz Menüsü' },
      file: null,
    });
    // Past 3x the limit the parse ends at the file: what came before it is all there is.
    const far = await post('/catalog-refused')
      .field('platform', 'catalog')
      .attach('file', Buffer.alloc(31 * MB), 'k.pdf')
      .field('label', 'Yaz Menüsü')
      .expect(499);
    expect(far.body).toMatchObject({ tooLarge: true, status: 413, file: null });
    expect(far.body.body.label).toBeUndefined();
  });

  it("takes the link form's 15 text fields of up to 4 KB, and refuses a 16th", async () => {
    const fifteen = Array.from({ length: 15 }, (_, i): Part => ({ name: `f${i}`, data: 'y'.repeat(4096) }));
    const file: Part = { name: 'file', filename: 'k.pdf', type: 'application/pdf', data: MINIMAL_PDF };
    const ok = await sendRaw('/catalog-raw', multipart([...fifteen, file])).expect(200);
    expect(ok.body.fields).toBe(15);
    expectError(
      await sendRaw('/catalog-raw', multipart([...fifteen, { name: 'f15', data: 'y' }, file])),
      400,
      TOO_MANY_FIELDS,
    );
    expectError(
      await sendRaw('/catalog-raw', multipart([{ name: 'url', data: 'y'.repeat(4097) }, file])),
      400,
      FIELD_TOO_LONG,
    );
  });
});

describe('a background upload', () => {
  it('is saved as a WebP of at most 1920 pixels a side', async () => {
    const big = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await post('/background').attach('file', big, 'arka.png').expect(200);
    expect(res.body.path).toMatch(/^\/uploads\/7\/background-[A-Za-z0-9_-]{16}\.webp$/);
    const saved = await readFile(path.join(storage.root, '7', path.basename(res.body.path as string)));
    expect(await sharp(saved).metadata()).toMatchObject({ format: 'webp', width: 1920, height: 1280 });
  });

  it('refuses more than 5 MB with 413, and a non-image with 422', async () => {
    expectError(await post('/background-raw').attach('file', Buffer.alloc(5 * MB + 1), 'a.jpg'), 413, PHOTO_TOO_LARGE);
    expectError(await post('/background').attach('file', Buffer.from('<svg/>'), 'a.svg'), 422, NOT_IMAGE);
  });
});

describe('an owner upload waiting on disk', () => {
  /** The staging folder's files, once the answers' `close` events have run (they follow the answer). */
  async function staged(): Promise<string[]> {
    const folder = uploadStagingFolder();
    if (!folder) return [];
    for (let i = 0; i < 50 && (await readdir(folder)).length > 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return readdir(folder);
  }

  it(
    'is a temporary file of its own, never in memory, ' + 'removed once answered: accepted, refused or too large',
    async () => {
      const raw = await post('/photo-raw').attach('file', jpeg, 'a.jpg').expect(200);
      expect(raw.body).toMatchObject({ size: jpeg.length, inMemory: false });
      expect(uploadStagingFolder()).toMatch(/vizit-uploads-/);
      await post('/photo').attach('file', jpeg, 'a.jpg').expect(200);
      await post('/catalog').field('label', 'Menü').attach('file', MINIMAL_PDF, 'm.pdf').expect(200);
      await post('/background').attach('file', Buffer.from('<svg/>'), 'a.svg').expect(422);
      await post('/background-raw')
        .attach('file', Buffer.alloc(5 * MB + 1), 'a.jpg')
        .expect(413);
      expect(await staged()).toEqual([]);
    },
  );

  it('is removed when the client goes away halfway through the file', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const head = multipart(
        [{ name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: Buffer.alloc(512 * 1024, 7) }],
        { close: false },
      );
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /photo HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; ` +
          `boundary=${BOUNDARY}\r\nContent-Length: ${3 * MB}\r\n\r\n`,
      );
      socket.write(head);
      // The part is being written to its temporary file...
      for (let i = 0; i < 50 && (await readdir(uploadStagingFolder()!)).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await readdir(uploadStagingFolder()!)).length).toBe(1);
      socket.destroy();
      // ...and gone with the client.
      expect(await staged()).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
