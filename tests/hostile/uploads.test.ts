/**
 * Hostile uploads (issue 23, "No request may take the process past its heap"): decompression
 * bombs, oversize and odd files to every upload form, against the real server with `npm
 * start`'s V8 flags. After each case the same process is running and /healthz was answered
 * within 100 ms while the case ran.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/raw-http.js';
import { anonymous, asAdmin, expectPageAnswer, hostileCase, shown } from './hostile-case.js';
import { startHostileServer, type HostileServer } from './production-server.js';

const MB = 1024 * 1024;
/** More uploads at once than the image queue takes (one running, 16 waiting). */
const AT_ONCE = 20;

let h: HostileServer;
/** A valid PNG of a few hundred bytes whose header declares 20000x20000 pixels (400 megapixels). */
let headerBomb: Buffer;
/** A real 7000x7000 PNG (49 megapixels, just under the limit) of one colour: a few hundred KB that decode to 147 MB. */
let pixelBomb: Buffer;
/** A 5000x5000 one (25 megapixels) for many at once: the queue is what is tested, and each decode takes its time. */
let smallerBomb: Buffer;

/** `png` with its IHDR's width and height replaced (and the chunk's CRC made right again). */
function declaringSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type and data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

beforeAll(async () => {
  const onePng = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: { r: 40, g: 80, b: 200 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  const [server, small, big, smaller] = await Promise.all([
    startHostileServer('uploads'),
    onePng(64),
    onePng(7000),
    onePng(5000),
  ]);
  h = server;
  headerBomb = declaringSize(small, 20_000, 20_000);
  pixelBomb = big;
  smallerBomb = smaller;
});
afterAll(async () => {
  await h?.close();
});

function upload(
  target: string,
  data: Buffer,
  file: { name: string; type: string; field?: string },
  fields: Record<string, string> = {},
) {
  const form = multipartBody(fields, { field: file.field ?? 'file', name: file.name, type: file.type, data });
  return anonymous(h, `/edit/${h.customer.token}${target}`, form);
}

const png = { name: 'foto.png', type: 'image/png' };

describe('hostile uploads', () => {
  it('a profile photo whose header declares 400 megapixels', async () => {
    const res = await hostileCase(h, 'photo-header-bomb', () => upload('/photo/profile', headerBomb, png));
    expectPageAnswer(res, [422], /megapiksel/);
  });

  it('a profile photo of 49 megapixels in a few hundred KB', async () => {
    const res = await hostileCase(h, 'photo-pixel-bomb', () => upload('/photo/profile', pixelBomb, png));
    expect(res.status, shown(res)).toBeLessThan(500);
  });

  it(`${AT_ONCE} photos of 25 megapixels at once`, async () => {
    const answers = await hostileCase(h, 'photo-pixel-bombs-at-once', () =>
      Promise.all(Array.from({ length: AT_ONCE }, () => upload('/photo/cover', smallerBomb, png))),
    );
    for (const res of answers) expect([200, 303, 422, 503], shown(res)).toContain(res.status);
  });

  it('a background image that declares 400 megapixels, and one of 49', async () => {
    await hostileCase(h, 'background-bombs', async () => {
      expectPageAnswer(await upload('/background/image', headerBomb, png), [422], /megapiksel/);
      expect((await upload('/background/image', pixelBomb, png)).status).toBeLessThan(500);
    });
  });

  it('a 30 MB photo', async () => {
    const res = await hostileCase(h, 'photo-oversize', () =>
      upload('/photo/profile', randomBytes(30 * MB), { name: 'dev.jpg', type: 'image/jpeg' }),
    );
    expectPageAnswer(res, [413], /5MB/);
  });

  it('a catalog PDF of 9.5 MB of noise, and one over the limit', async () => {
    const odd = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9.5 * MB)]);
    const fields = { catalog_type: 'file', label: 'Katalog' };
    await hostileCase(h, 'catalog-odd-and-oversize', async () => {
      expect(
        (await upload('/links/catalog', odd, { name: 'katalog.pdf', type: 'application/pdf' }, fields)).status,
      ).toBeLessThan(500);
      expectPageAnswer(
        await upload(
          '/links/catalog',
          Buffer.concat([odd, odd]),
          { name: 'katalog.pdf', type: 'application/pdf' },
          fields,
        ),
        [413],
        /10MB/,
      );
    });
  });

  it(`${AT_ONCE} catalog PDFs of 9.5 MB at once`, async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(9.5 * MB)]);
    const answers = await hostileCase(h, 'catalog-pdfs-at-once', () =>
      Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          upload(
            '/links/catalog',
            pdf,
            { name: 'katalog.pdf', type: 'application/pdf' },
            { catalog_type: 'file', label: 'Katalog' },
          ),
        ),
      ),
    );
    for (const res of answers) expect([200, 303, 422, 503], shown(res)).toContain(res.status);
  });

  it('a catalog image that declares 400 megapixels', async () => {
    const res = await hostileCase(h, 'catalog-header-bomb', () =>
      upload('/links/catalog', headerBomb, png, { catalog_type: 'file', label: 'Fiyatlar' }),
    );
    expectPageAnswer(res, [422], /megapiksel/);
  });

  it('a brand logo that declares 400 megapixels, and one of 49', async () => {
    const send = (data: Buffer) =>
      asAdmin(
        h,
        '/admin/settings',
        multipartBody(
          { _csrf: h.session.csrf, brand_name: 'Ajans', brand_url: '', accent_color: '' },
          { field: 'logo', name: 'logo.png', type: 'image/png', data },
        ),
      );
    await hostileCase(h, 'logo-bombs', async () => {
      expectPageAnswer(await send(headerBomb), [422], /megapiksel/);
      expect((await send(pixelBomb)).status).toBeLessThan(500);
    });
  });
});
