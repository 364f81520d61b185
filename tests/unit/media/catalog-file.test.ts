import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { catalogFileName, catalogSlug, detectCatalog, prepareCatalogFile } from '../../../src/media/catalog-file.js';
import { isCatalogUploadPath } from '../../../src/validation/catalog.validation.js';
import { bytesOf, isWrittenContent } from '../../helpers/encoded-image.js';
import { MINIMAL_PDF } from '../../helpers/fixtures.js';

const UNSUPPORTED = 'Desteklenmeyen dosya türü. Yalnızca PDF, JPG, PNG, GIF, WebP dosyaları kabul edilir.';
const TOO_MANY_PIXELS = 'Görsel çok büyük: en fazla 50 megapiksel olabilir.';
const UNREADABLE = 'Görsel okunamadı. Lütfen başka bir dosya deneyin.';

async function expectRefused(work: Promise<unknown>, message: string): Promise<void> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).status).toBe(422);
  expect((err as ValidationError).fields).toEqual({ file: message });
}

/** The catalog file with a re-encoded image's bytes as the storage would receive them. */
async function catalog(upload: Parameters<typeof prepareCatalogFile>[0]) {
  const file = await prepareCatalogFile(upload);
  return { ...file, data: isWrittenContent(file.data) ? await bytesOf(file.data) : file.data };
}

const gps = { IFD0: { Copyright: 'Ayşe Kaya' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1' } };
const page = () => sharp({ create: { width: 600, height: 800, channels: 3, background: '#f0e6d2' } }).withExif(gps);

let jpeg: Buffer;
let png: Buffer;
let gif: Buffer;
let webp: Buffer;

beforeAll(async () => {
  jpeg = await page().jpeg().toBuffer();
  png = await page().png().toBuffer();
  gif = await page().gif().toBuffer();
  webp = await page().webp().toBuffer();
});

describe('detectCatalog', () => {
  it('recognises PDF, JPEG, PNG, GIF and WebP by their bytes', async () => {
    await expect(detectCatalog(MINIMAL_PDF)).resolves.toEqual({ ext: 'pdf', mime: 'application/pdf' });
    await expect(detectCatalog(jpeg)).resolves.toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    await expect(detectCatalog(png)).resolves.toEqual({ ext: 'png', mime: 'image/png' });
    await expect(detectCatalog(gif)).resolves.toEqual({ ext: 'gif', mime: 'image/gif' });
    await expect(detectCatalog(webp)).resolves.toEqual({ ext: 'webp', mime: 'image/webp' });
  });

  it.each([
    ['zero bytes', Buffer.alloc(0)],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an HTML page named .pdf', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')],
    ['a ZIP (a .docx, say)', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60)])],
    ['a "%PDF" without a version header', Buffer.from('%PDF<script>alert(1)</script>')],
    ['plain text', Buffer.from('Fiyat listesi: çay 10 TL')],
  ])('refuses %s', async (_name, bytes) => {
    await expectRefused(detectCatalog(bytes), UNSUPPORTED);
  });

  it('refuses an AVIF: an image, but not one of the catalog types', async () => {
    const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer();
    await expectRefused(detectCatalog(avif), UNSUPPORTED);
  });
});

describe('prepareCatalogFile', () => {
  it("hands an image over to be written by sharp into the storage's file, never as bytes in memory", async () => {
    const file = await prepareCatalogFile(png);
    expect(Buffer.isBuffer(file.data)).toBe(false);
    expect(isWrittenContent(file.data)).toBe(true);
  });

  it('stores a PDF exactly as it came (it cannot be re-encoded)', async () => {
    const file = await catalog(MINIMAL_PDF);
    expect(file.ext).toBe('pdf');
    expect(Buffer.isBuffer(file.data) && file.data.equals(MINIMAL_PDF)).toBe(true);
  });

  it('leaves a PDF in its temporary file, never read whole, and reads an image from one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-catalog-'));
    try {
      const pdfPath = path.join(dir, 'katalog');
      await writeFile(pdfPath, MINIMAL_PDF);
      expect(await catalog(pdfPath)).toEqual({ ext: 'pdf', mime: 'application/pdf', data: pdfPath });
      const pngPath = path.join(dir, 'sayfa');
      await writeFile(pngPath, png);
      const image = await catalog(pngPath);
      expect(image.ext).toBe('png');
      expect((await sharp(image.data).metadata()).width).toBe(600);
      const versionless = path.join(dir, 'surumsuz');
      await writeFile(versionless, Buffer.from('%PDF\n1 0 obj<<>>endobj\n'));
      await expectRefused(catalog(versionless), UNSUPPORTED);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['jpg', 'jpeg', () => jpeg, true],
    ['png', 'png', () => png, true],
    ['gif', 'gif', () => gif, false],
    ['webp', 'webp', () => webp, true],
  ] as const)(
    're-encodes a %s in its own format, at its own size, without EXIF',
    async (ext, format, input, carriesExif) => {
      // GIF has no place for EXIF; the other three arrive with the GPS position in them.
      expect((await sharp(input()).metadata()).exif !== undefined).toBe(carriesExif);
      const file = await catalog(input());
      expect(file.ext).toBe(ext);
      const meta = await sharp(file.data).metadata();
      expect(meta).toMatchObject({ format, width: 600, height: 800 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    },
  );

  it('drops HTML appended to an image', async () => {
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const file = await catalog(polyglot);
    expect(file.ext).toBe('png');
    expect(Buffer.isBuffer(file.data) && !file.data.includes(Buffer.from('<script'))).toBe(true);
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const tagged = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp((await catalog(tagged)).data).metadata();
    expect(meta).toMatchObject({ width: 100, height: 300 });
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a truncated image and an image over 50 megapixels', async () => {
    const noisy = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg()
      .toBuffer();
    await expectRefused(catalog(noisy.subarray(0, Math.floor(noisy.length / 2))), UNREADABLE);
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expectRefused(catalog(huge), TOO_MANY_PIXELS);
  });
});

describe('catalogSlug and catalogFileName', () => {
  it.each([
    ['Fiyat Listesi', 'fiyat-listesi'],
    ['Çiğ Köfte Menüsü 2026', 'cig-kofte-menusu-2026'],
    ['IŞIK ĞÜŞÖÇ İı', 'isik-gusoc-ii'],
    ['  Yaz   Kataloğu!!  ', 'yaz-katalogu'],
    ['Café Résumé', 'cafe-resume'],
    ['../../etc/passwd', 'etc-passwd'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['', 'katalog'],
    ['!!!', 'katalog'],
    ['Каталог', 'katalog'],
  ])('%j becomes %j', (name, slug) => {
    expect(catalogSlug(name)).toBe(slug);
  });

  it('keeps at most 60 characters and never ends on a hyphen', () => {
    const slug = catalogSlug(`${'a'.repeat(59)} bbbb`);
    expect(slug).toBe('a'.repeat(59));
    expect(catalogSlug('kelime '.repeat(30)).length).toBeLessThanOrEqual(60);
  });

  it('is {slug}-{timestamp}.{ext}, a path the link validation accepts', () => {
    const now = new Date('2026-03-14T09:26:53.589Z');
    const name = catalogFileName('Yaz Kataloğu', now, 'pdf');
    expect(name).toBe(`yaz-katalogu-${now.getTime()}.pdf`);
    expect(isCatalogUploadPath(`/uploads/12/${name}`)).toBe(true);
    expect(isCatalogUploadPath(`/uploads/12/${catalogFileName('', now, 'webp')}`)).toBe(true);
  });
});
