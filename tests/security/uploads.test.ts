/**
 * Hostile files on every upload route: profile photo, cover, background image, a new catalog and a
 * replaced catalog. Scripts in SVG, HTML in image clothing, empty, truncated and pixel-bomb images,
 * files over the limit, and multipart bodies no browser sends. Each is refused with a Turkish
 * message and changes nothing. A JPEG with HTML appended, or a file named `../...`, may be
 * accepted, but only as an image we re-encoded ourselves, under a name we chose, in the customer's
 * own folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidJpeg } from '../helpers/fixtures.js';
import {
  answer,
  BOUNDARY,
  checkRefused,
  checkRefusedOrEscaped,
  multipart,
  snapshot,
  type Part,
  type Send,
  titled,
  useWorld,
} from './harness.js';

const MB = 1024 * 1024;

const w = useWorld();
let jpeg: Buffer;
let bomb: Buffer;
beforeAll(async () => {
  jpeg = await solidJpeg(300, 200, { r: 200, g: 80, b: 40 });
  bomb = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
});

interface UploadRoute {
  name: string;
  path: () => string;
  fields: () => Record<string, string>;
  limit: number;
  tooLarge: string;
  /** Most text fields the route's parser takes. */
  maxFields: number;
  fieldSize: number;
  image: boolean;
  /** Where the stored file's public path ends up. */
  storedPath: () => Promise<string>;
  /** The stored file's name as our code builds it. */
  storedName: RegExp;
  table: 'customer_profiles' | 'social_links';
}

const profileColumn = async (column: string) =>
  String((await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.[column]);

const ROUTES: readonly UploadRoute[] = [
  {
    name: 'profile photo',
    path: () => '/photo/profile',
    fields: () => ({}),
    limit: 5 * MB,
    tooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
    maxFields: 10,
    fieldSize: 1024,
    image: true,
    storedPath: () => profileColumn('profile_photo'),
    storedName: /^profile-[A-Za-z0-9_-]{16}\.jpg$/,
    table: 'customer_profiles',
  },
  {
    name: 'cover photo',
    path: () => '/photo/cover',
    fields: () => ({}),
    limit: 5 * MB,
    tooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
    maxFields: 10,
    fieldSize: 1024,
    image: true,
    storedPath: () => profileColumn('cover_photo'),
    storedName: /^cover-[A-Za-z0-9_-]{16}\.jpg$/,
    table: 'customer_profiles',
  },
  {
    name: 'background image',
    path: () => '/background/image',
    fields: () => ({}),
    limit: 5 * MB,
    tooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
    maxFields: 15,
    fieldSize: 4096,
    image: true,
    storedPath: () => profileColumn('background_value'),
    storedName: /^background-[A-Za-z0-9_-]{16}\.webp$/,
    table: 'customer_profiles',
  },
  {
    name: 'new catalog',
    path: () => '/links/catalog',
    fields: () => ({ platform: 'catalog', catalog_type: 'file', label: 'Katalog' }),
    limit: 10 * MB,
    tooLarge: 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.',
    maxFields: 15,
    fieldSize: 4096,
    image: false,
    storedPath: async () =>
      String((await w.t.db('social_links').where({ customer_id: w.a.id }).orderBy('id', 'desc').first())?.url),
    storedName: /^katalog-\d+\.(?:jpg|pdf)$/,
    table: 'social_links',
  },
  {
    name: 'replaced catalog',
    path: () => `/links/${w.aLinks.catalog}/catalog`,
    fields: () => ({ catalog_type: 'file', label: 'Dijital Katalog' }),
    limit: 10 * MB,
    tooLarge: 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.',
    maxFields: 15,
    fieldSize: 4096,
    image: false,
    storedPath: async () => String((await w.t.db('social_links').where({ id: w.aLinks.catalog }).first())?.url),
    storedName: /^dijital-katalog-\d+\.(?:jpg|pdf)$/,
    table: 'social_links',
  },
];

const SVG_SCRIPT =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
const SVG_FOREIGN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><foreignObject width="100" height="100">' +
  '<body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe><script>alert(1)</' +
  'script></body></foreignObject></svg>';
const HTML_PAGE = '<!doctype html><html><body><img src=x onerror=alert(1)><script>alert(1)</script></body></html>';

type Body =
  | { kind: 'file'; data: () => Buffer; filename: string; type: string; extra?: Record<string, string> }
  | { kind: 'raw'; body: () => Buffer; contentType?: string };

interface Hostile {
  name: string;
  body: (route: UploadRoute) => Body;
  status: number | readonly number[];
  message?: string | RegExp | ((route: UploadRoute) => string | RegExp);
  /** Only for these routes (by name); all when absent. */
  only?: (route: UploadRoute) => boolean;
}

const file = (data: () => Buffer, filename: string, type: string, extra?: Record<string, string>): Body => ({
  kind: 'file',
  data,
  filename,
  type,
  extra,
});
const raw =
  (parts: (route: UploadRoute) => Part[], options: { close?: boolean; boundary?: string; contentType?: string } = {}) =>
  (route: UploadRoute): Body => ({
    kind: 'raw',
    body: () => multipart(parts(route), options),
    contentType: options.contentType,
  });
const fieldParts = (route: UploadRoute): Part[] =>
  Object.entries(route.fields()).map(([name, data]) => ({ name, data }));
const jpegPart = (): Part => ({ name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data: jpeg });

const refusedType = (route: UploadRoute) =>
  route.image ? 'Lütfen yalnızca resim dosyası seçin' : 'Desteklenmeyen dosya türü';

const HOSTILE: readonly Hostile[] = [
  {
    name: 'SVG with <script>',
    body: () => file(() => Buffer.from(SVG_SCRIPT), 'resim.svg', 'image/svg+xml'),
    status: 422,
    message: refusedType,
  },
  {
    name: 'SVG with foreignObject, named .jpg',
    body: () => file(() => Buffer.from(SVG_FOREIGN), 'resim.jpg', 'image/jpeg'),
    status: 422,
    message: refusedType,
  },
  {
    name: 'HTML named .jpg',
    body: () => file(() => Buffer.from(HTML_PAGE), 'foto.jpg', 'image/jpeg'),
    status: 422,
    message: refusedType,
  },
  {
    name: 'GIF signature followed by HTML',
    body: () => file(() => Buffer.from(`GIF89a${HTML_PAGE}`), 'foto.gif', 'image/gif'),
    status: 422,
  },
  {
    name: '%PDF without a version, then HTML',
    body: () => file(() => Buffer.from(`%PDF${HTML_PAGE}`), 'katalog.pdf', 'application/pdf'),
    status: 422,
    message: refusedType,
  },
  {
    name: 'a PDF where an image belongs',
    body: () => file(() => Buffer.from('%PDF-1.4\n%%EOF\n'), 'foto.jpg', 'image/jpeg'),
    status: 422,
    message: refusedType,
    only: (r) => r.image,
  },
  { name: 'zero bytes', body: () => file(() => Buffer.alloc(0), 'bos.jpg', 'image/jpeg'), status: 422 },
  {
    name: 'truncated JPEG',
    body: () => file(() => jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'yarim.jpg', 'image/jpeg'),
    status: 422,
  },
  {
    name: '14000x14000 PNG bomb',
    body: () => file(() => bomb, 'bomba.png', 'image/png'),
    status: 422,
    message: 'Görsel çok büyük',
  },
  {
    name: 'one byte over the size limit',
    body: (r) => file(() => Buffer.alloc(r.limit + 1), 'buyuk.jpg', 'image/jpeg'),
    status: 413,
    message: (r) => r.tooLarge,
  },
  {
    name: 'well over the size limit (read and dropped)',
    body: (r) => file(() => Buffer.alloc(Math.floor(r.limit * 1.4)), 'cok-buyuk.jpg', 'image/jpeg'),
    status: 413,
    message: (r) => r.tooLarge,
  },
  {
    name: 'declared over 3x the size limit (drained unparsed)',
    body: (r) => file(() => Buffer.alloc(Math.floor(r.limit * 3.2)), 'dev.jpg', 'image/jpeg'),
    status: 413,
    message: (r) => r.tooLarge,
  },
  {
    name: 'no file at all',
    body: raw((r) => fieldParts(r)),
    status: 422,
    message: 'Dosya seçilmedi',
    only: (r) => r.name !== 'replaced catalog',
  },
  {
    name: 'an empty field name',
    body: raw((r) => [...fieldParts(r), { name: '', filename: 'foto.jpg', type: 'image/jpeg', data: jpeg }]),
    status: [400, 422],
  },
  {
    name: 'a part without any name',
    body: raw((r) => [...fieldParts(r), { name: null, filename: 'foto.jpg', type: 'image/jpeg', data: jpeg }]),
    status: [400, 422],
  },
  {
    name: 'the file in another field',
    body: raw((r) => [...fieldParts(r), { name: 'photo', filename: 'foto.jpg', type: 'image/jpeg', data: jpeg }]),
    status: 400,
    message: 'beklenmeyen',
  },
  {
    name: 'two files',
    body: raw((r) => [...fieldParts(r), jpegPart(), jpegPart()]),
    status: 400,
    message: 'yalnızca bir dosya',
  },
  {
    name: 'too many fields',
    body: raw((r) => [
      ...Array.from({ length: r.maxFields + 5 }, (_v, i): Part => ({ name: `alan${i}`, data: 'x' })),
      jpegPart(),
    ]),
    status: 400,
    message: 'çok fazla alan',
  },
  {
    name: 'a field value over the limit',
    body: raw((r) => [{ name: 'label', data: 'x'.repeat(r.fieldSize + 1) }, jpegPart()]),
    status: 400,
    message: 'çok uzun',
  },
  {
    name: 'a nested field name',
    body: raw((r) => [...fieldParts(r), { name: 'a[b][c]', data: 'x' }, jpegPart()]),
    status: 400,
  },
  {
    name: 'broken boundary',
    body: raw((r) => [...fieldParts(r), jpegPart()], { boundary: 'baska-sinir' }),
    status: [400, 422],
  },
  { name: 'no closing boundary', body: raw((r) => [...fieldParts(r), jpegPart()], { close: false }), status: 400 },
  {
    name: 'multipart without a boundary parameter',
    body: raw((r) => [...fieldParts(r), jpegPart()], { contentType: 'multipart/form-data' }),
    status: 400,
  },
  {
    name: 'a crop outside the rules',
    body: () =>
      file(() => jpeg, 'foto.jpg', 'image/jpeg', {
        crop_x: '-1',
        crop_y: '1e3',
        crop_width: '<script>',
        crop_height: '50',
      }),
    status: 422,
    message: 'Geçersiz kırpma alanı.',
    only: (r) => r.name.endsWith('photo'),
  },
];

async function sendBody(route: UploadRoute, body: Body, json: boolean): Promise<ReturnType<typeof answer>> {
  let req = request(w.t.app).post(`/edit/${w.a.editToken}${route.path()}`);
  if (json) req = req.set('Accept', 'application/json');
  if (body.kind === 'file') {
    for (const [name, value] of Object.entries({ ...route.fields(), ...body.extra })) req = req.field(name, value);
    return answer(await req.attach('file', body.data(), { filename: body.filename, contentType: body.type }));
  }
  return answer(
    await req
      .set('Content-Type', body.contentType ?? `multipart/form-data; boundary=${body.contentType ? '' : BOUNDARY}`)
      .send(body.body()),
  );
}

const refusedCases = ROUTES.flatMap((route) =>
  HOSTILE.filter((h) => !h.only || h.only(route)).map((hostile) => ({
    route,
    hostile,
    title: `${route.name} ← ${hostile.name}`,
  })),
);

describe('hostile uploads are refused', () => {
  it.each(titled(refusedCases, (c) => c.title))('%s', async (_title, { route, hostile }) => {
    const body = hostile.body(route);
    const send: Send = (json) => sendBody(route, body, json);
    const message = typeof hostile.message === 'function' ? hostile.message(route) : hostile.message;
    await checkRefused(w, send, { status: hostile.status, message });
  });
});

const MARKER = `vizit-kacak-${process.pid}`;

interface AcceptedUpload {
  name: string;
  body: () => Body;
  /** The stored file must be an image (re-encoded), or may be a PDF (stored as uploaded). */
  formats: readonly string[];
}

const ACCEPTED: readonly AcceptedUpload[] = [
  {
    name: 'JPEG/HTML polyglot (valid JPEG, then <script>)',
    body: () =>
      file(
        () => Buffer.concat([jpeg, Buffer.from(`<script>alert(1)</script>${HTML_PAGE}`)]),
        'poliglot.jpg',
        'image/jpeg',
      ),
    formats: ['jpeg', 'webp'],
  },
  {
    name: 'a ../ file name',
    body: () => file(() => jpeg, `../../../../${MARKER}.jpg`, 'image/jpeg'),
    formats: ['jpeg', 'webp'],
  },
  {
    name: 'a file name with markup',
    body: () => file(() => jpeg, '"><img src=x onerror=alert(1)>.jpg', 'image/jpeg'),
    formats: ['jpeg', 'webp'],
  },
];

/** Every directory a `../` name could have reached from the upload folder, and the working directory. */
function escapedCopies(): string[] {
  const dirs = [path.join(w.t.config.uploadsDir, String(w.a.id))];
  for (let i = 0; i < 5; i += 1) dirs.push(path.dirname(dirs[dirs.length - 1] ?? '/'));
  dirs.push(process.cwd(), os.tmpdir());
  return dirs.map((dir) => path.join(dir, `${MARKER}.jpg`)).filter((candidate) => existsSync(candidate));
}

const acceptedCases = ROUTES.flatMap((route) =>
  ACCEPTED.map((upload) => ({ route, upload, title: `${route.name} ← ${upload.name}` })),
);

describe('uploads that may be accepted are re-encoded, renamed and kept in their folder', () => {
  it.each(titled(acceptedCases, (c) => c.title))('%s', async (_title, { route, upload }) => {
    const body = upload.body();
    const before = new Set(Object.keys(w.baseline.files));
    await checkRefusedOrEscaped(
      w,
      (json) => sendBody(route, body, json),
      { status: 422 },
      {
        read: async () => {
          const stored = await route.storedPath();
          const prefix = `/uploads/${w.a.id}/`;
          const bytes = stored.startsWith(prefix)
            ? await readFile(path.join(w.t.config.uploadsDir, stored.slice('/uploads/'.length)))
            : Buffer.alloc(0);
          const added = Object.keys((await snapshot(w.t)).files).filter((f) => !before.has(f));
          return {
            inOwnFolder: stored.startsWith(prefix),
            ourName: route.storedName.test(stored.slice(prefix.length)),
            script: bytes.includes('<script') || bytes.includes('onerror'),
            format: (await sharp(bytes).metadata()).format,
            addedOutside: added.filter((f) => !f.startsWith(`uploads/${w.a.id}/`)),
            escaped: escapedCopies(),
          };
        },
        stored: {
          inOwnFolder: true,
          ourName: true,
          script: false,
          format: expect.toBeOneOf([...upload.formats]),
          addedOutside: [],
          escaped: [],
        },
        changes: [route.table],
      },
    );
    expect(escapedCopies()).toEqual([]);
  });

  it('a PDF catalog is stored as uploaded but served so that nothing in it runs', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n`);
    const route = ROUTES.find((r) => r.name === 'new catalog');
    if (!route) throw new Error('no catalog route');
    await checkRefusedOrEscaped(
      w,
      (json) =>
        sendBody(
          route,
          file(() => pdf, 'katalog.html', 'text/html'),
          json,
        ),
      { status: 422 },
      {
        read: async () => {
          const stored = await route.storedPath();
          const served = await request(w.t.app).get(stored);
          return {
            name: route.storedName.test(path.basename(stored)),
            type: served.headers['content-type'],
            csp: served.headers['content-security-policy'],
            nosniff: served.headers['x-content-type-options'],
          };
        },
        stored: {
          name: true,
          type: 'application/pdf',
          csp: expect.stringContaining("default-src 'none'"),
          nosniff: 'nosniff',
        },
        changes: ['social_links'],
      },
    );
  });
});
