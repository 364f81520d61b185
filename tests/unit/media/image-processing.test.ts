import { existsSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import {
  detectImage,
  parseCrop,
  processBackgroundImage,
  processPhoto,
  type CropRect,
} from '../../../src/media/image-processing.js';
import { bytesOf, isWrittenContent } from '../../helpers/encoded-image.js';

/** The photo's bytes as the storage would receive them. */
const photo = async (...args: Parameters<typeof processPhoto>) => bytesOf(await processPhoto(...args));
const background = async (input: Parameters<typeof processBackgroundImage>[0]) => {
  const image = await processBackgroundImage(input);
  return { ...image, data: await bytesOf(image.data) };
};

/**
 * Every image here is made in the test with sharp (or by hand, for the hostile ones), and every
 * output is read back with sharp: its size, its pixels and its metadata.
 */

const NOT_IMAGE = 'Lütfen yalnızca resim dosyası seçin';
const TOO_MANY_PIXELS = 'Görsel çok büyük: en fazla 50 megapiksel olabilir.';
const UNREADABLE = 'Görsel okunamadı. Lütfen başka bir dosya deneyin.';
const BAD_CROP = 'Geçersiz kırpma alanı.';

type Rgb = readonly [number, number, number];
const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [0, 0, 255];
const GREEN: Rgb = [0, 255, 0];

/** An RGB image painted column by column or row by row: `paint(x, y)` gives each pixel's colour. */
async function painted(width: number, height: number, paint: (x: number, y: number) => Rgb): Promise<Sharp> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      data.set(paint(x, y), (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

async function solid(width: number, height: number, colour: string): Promise<Sharp> {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/** The pixel at (x, y) of an encoded image, and its size. */
async function pixelAt(image: Buffer, x: number, y: number): Promise<{ width: number; height: number; rgb: Rgb }> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { width: info.width, height: info.height, rgb: [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1] };
}

/** Within JPEG tolerance of the expected colour. */
function expectColour(actual: Rgb, expected: Rgb): void {
  actual.forEach((channel, i) => expect(Math.abs(channel - (expected[i] ?? 0))).toBeLessThan(40));
}

/** The marker bytes of a JPEG's segments before the image data (APP1 = EXIF/XMP, APP2 = ICC, APP13 = IPTC). */
function jpegMarkers(jpeg: Buffer): number[] {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  const markers: number[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === 0xda) break; // start of scan: image data follows
    markers.push(marker);
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  return markers;
}

/** Tag ids of IFD0 and of the GPS IFD in an EXIF block, read by hand so no EXIF library is needed. */
function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12);
  const ifd0 = entries(u32(4));
  const gpsPointer = ifd0.find((e) => u16(e) === 0x8825);
  return { ifd0: ifd0.map(u16), gps: gpsPointer === undefined ? [] : entries(u32(gpsPointer + 8)).map(u16) };
}

async function rejection(work: Promise<unknown>): Promise<ValidationError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return err as ValidationError;
}

async function expectRefused(work: Promise<unknown>, message: string): Promise<void> {
  const err = await rejection(work);
  expect(err.status).toBe(422);
  expect(err.fields).toEqual({ file: message });
}

const SVG_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);
const SVG_FOREIGN_OBJECT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><foreignObject width="100" height="100">' +
    '<body xmlns="http://www.w3.org/1999/xhtml"><iframe ' +
    'src="javascript:alert(1)"></iframe></body></foreignObject></svg>',
);
const HTML_AS_JPG = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** The ftyp box of an iPhone HEIC; sharp's bundled libheif cannot decode HEVC. */
const HEIC_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic'),
  Buffer.alloc(64),
]);

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let gif: Buffer;
let avif: Buffer;

beforeAll(async () => {
  jpeg = await (await solid(640, 480, '#c03020')).jpeg().toBuffer();
  png = await (await solid(640, 480, '#c03020')).png().toBuffer();
  webp = await (await solid(640, 480, '#c03020')).webp().toBuffer();
  gif = await (await solid(640, 480, '#c03020')).gif().toBuffer();
  avif = await (await solid(640, 480, '#c03020')).avif().toBuffer();
});

describe('detectImage', () => {
  it('recognises JPEG, PNG, WebP, GIF and AVIF by their bytes', async () => {
    await expect(detectImage(jpeg)).resolves.toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    await expect(detectImage(png)).resolves.toEqual({ ext: 'png', mime: 'image/png' });
    await expect(detectImage(webp)).resolves.toEqual({ ext: 'webp', mime: 'image/webp' });
    await expect(detectImage(gif)).resolves.toEqual({ ext: 'gif', mime: 'image/gif' });
    await expect(detectImage(avif)).resolves.toEqual({ ext: 'avif', mime: 'image/avif' });
  });

  it.each([
    ['an SVG with a script', SVG_SCRIPT],
    ['an SVG with a foreignObject', SVG_FOREIGN_OBJECT],
    ['an HTML page (named .jpg by the client, which is never asked)', HTML_AS_JPG],
    ['a PDF', PDF],
    ['a HEIC (not decodable here)', HEIC_HEADER],
    ['zero bytes', Buffer.alloc(0)],
    ['plain text', Buffer.from('merhaba dünya')],
  ])('refuses %s', async (_name, bytes) => {
    await expectRefused(detectImage(bytes), NOT_IMAGE);
  });
});

describe('processPhoto', () => {
  it(
    "hands the photo and the background over to be written by sharp into the storage's file, never as " +
      'bytes in memory',
    async () => {
      const output = await processPhoto(jpeg, 'profile', null);
      expect(Buffer.isBuffer(output)).toBe(false);
      expect(isWrittenContent(output)).toBe(true);
      const image = await processBackgroundImage(jpeg);
      expect(Buffer.isBuffer(image.data)).toBe(false);
      expect(isWrittenContent(image.data)).toBe(true);
    },
  );

  // /dev/full answers every write with ENOSPC (Linux): a full disk is the storage's 503, not an unreadable image's 422.
  it.runIf(existsSync('/dev/full'))(
    'lets a failed write keep its errno, so a full disk is not read as a bad image',
    async () => {
      const output = await processPhoto(jpeg, 'profile', null);
      await expect(output.writeTo('/dev/full')).rejects.toMatchObject({ code: 'ENOSPC' });
      await expect(output.writeTo('/dev/full')).rejects.not.toBeInstanceOf(ValidationError);
    },
  );

  it('turns a JPEG with EXIF GPS, XMP and an ICC profile into a 400x400 JPEG with no metadata at all', async () => {
    const input = await (
      await solid(800, 600, '#3366cc')
    )
      .withExif({
        IFD0: { Make: 'Telefon', Model: 'Kamera', Copyright: 'Ayşe Kaya' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '29/1 0/1 0/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/' +
          '22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    // The input really carries what must go: a GPS IFD with latitude and longitude, XMP, ICC.
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    const tags = exifTags(before.exif ?? Buffer.alloc(0));
    expect(tags.ifd0).toContain(0x8825);
    expect(tags.gps).toEqual(expect.arrayContaining([0x0001, 0x0002, 0x0003, 0x0004]));
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(jpegMarkers(input)).toEqual(expect.arrayContaining([0xe1, 0xe2]));

    const output = await photo(input, 'profile', null);

    const after = await sharp(output).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 400, height: 400, space: 'srgb', hasProfile: false });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Only JFIF (APP0), quantisation and Huffman tables, frame header: no APP1/APP2/APP13 segment.
    expect(jpegMarkers(output).filter((m) => m >= 0xe1 && m <= 0xef)).toEqual([]);
    expect(output.includes(Buffer.from('Exif'))).toBe(false);
  });

  it.each([
    ['JPEG', () => jpeg],
    ['PNG', () => png],
    ['WebP', () => webp],
    ['GIF', () => gif],
    ['AVIF', () => avif],
  ])('makes a 1200x450 JPEG cover from a %s', async (_name, input) => {
    const output = await photo(input(), 'cover', null);
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 450 });
    expectColour((await pixelAt(output, 600, 225)).rgb, [0xc0, 0x30, 0x20]);
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = Buffer.concat([
      Buffer.alloc(100 * 100 * 3, Buffer.from(RED)),
      Buffer.alloc(100 * 100 * 3, Buffer.from(BLUE)),
    ]);
    const animated = await sharp(frames, { raw: { width: 100, height: 200, channels: 3, pageHeight: 100 } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const output = await photo(animated, 'profile', null);
    expectColour((await pixelAt(output, 200, 200)).rgb, RED);
  });

  it('puts transparent pixels on white, not black', async () => {
    const clear = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const output = await photo(clear, 'profile', null);
    expectColour((await pixelAt(output, 10, 10)).rgb, [255, 255, 255]);
  });

  it('accepts a JPEG/HTML polyglot only as the re-encoded image: the HTML is gone', async () => {
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    await expect(detectImage(polyglot)).resolves.toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    const output = await photo(polyglot, 'profile', null);
    expect((await sharp(output).metadata()).format).toBe('jpeg');
    expect(output.includes(Buffer.from('<script'))).toBe(false);
    expect(output.includes(Buffer.from('<html'))).toBe(false);
    expect(output.readUInt16BE(output.length - 2)).toBe(0xffd9);
  });

  it.each([
    ['an SVG with a script (sharp could render SVG: it must never be asked to)', SVG_SCRIPT],
    ['an SVG with a foreignObject', SVG_FOREIGN_OBJECT],
    ['an HTML page', HTML_AS_JPG],
    ['a PDF', PDF],
    ['zero bytes', Buffer.alloc(0)],
  ])('refuses %s as not an image', async (_name, bytes) => {
    await expectRefused(photo(bytes, 'profile', null), NOT_IMAGE);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const noisy = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    await expect(photo(noisy, 'profile', null)).resolves.toBeInstanceOf(Buffer);
    await expectRefused(photo(noisy.subarray(0, Math.floor(noisy.length * 0.6)), 'profile', null), UNREADABLE);
  });

  it('refuses a truncated PNG and a JPEG signature followed by garbage as unreadable', async () => {
    const noisy = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    await expectRefused(photo(noisy.subarray(0, Math.floor(noisy.length / 2)), 'cover', null), UNREADABLE);
    const garbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('kesinlikle bir resim değil'.repeat(20)),
    ]);
    await expectRefused(photo(garbage, 'profile', null), UNREADABLE);
  });

  describe('a 14000x14000 PNG bomb', () => {
    let bomb: Buffer;
    beforeAll(async () => {
      // Small on disk, 196 megapixels decoded; made once (it takes sharp about two seconds).
      bomb = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
        .greyscale()
        .png({ compressionLevel: 9 })
        .toBuffer();
    });

    it('is refused from its header, quickly, without being decoded', async () => {
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const started = performance.now();
      await expectRefused(photo(bomb, 'profile', null), TOO_MANY_PIXELS);
      await expectRefused(photo(bomb, 'cover', { x: 0, y: 0, width: 1600, height: 600 }), TOO_MANY_PIXELS);
      await expectRefused(background(bomb), TOO_MANY_PIXELS);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  describe('EXIF orientation', () => {
    let rotated: Buffer;
    beforeAll(async () => {
      // Stored 300x200, left half red, right half blue, tagged "rotate 90° clockwise to show":
      // displayed it is 200x300 with red on top and blue below.
      rotated = await (
        await painted(300, 200, (x) => (x < 150 ? RED : BLUE))
      )
        .jpeg({ quality: 95 })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const meta = await sharp(rotated).metadata();
      expect(meta).toMatchObject({ width: 300, height: 200, orientation: 6, autoOrient: { width: 200, height: 300 } });
    });

    it('is applied before the centre crop', async () => {
      const output = await photo(rotated, 'profile', null);
      // The centre square of the displayed image: red above, blue below (unrotated it would be left/right).
      expectColour((await pixelAt(output, 20, 20)).rgb, RED);
      expectColour((await pixelAt(output, 20, 380)).rgb, BLUE);
      expectColour((await pixelAt(output, 380, 20)).rgb, RED);
      expect((await sharp(output).metadata()).orientation).toBeUndefined();
    });

    it('is applied before the crop, whose coordinates are those of the displayed image', async () => {
      // The lower half as displayed: y 150..300 exists only after rotation (stored height is 200).
      const lower = await photo(rotated, 'profile', { x: 0, y: 160, width: 140, height: 140 });
      expectColour((await pixelAt(lower, 200, 200)).rgb, BLUE);
      const upper = await photo(rotated, 'profile', { x: 30, y: 0, width: 140, height: 140 });
      expectColour((await pixelAt(upper, 200, 200)).rgb, RED);
    });
  });

  describe('centre crop with the right aspect', () => {
    it('takes the middle square of a wide image for a profile photo', async () => {
      // 300x200: green | red (x 50..250) | blue; the centre square is exactly the red part.
      const wide = await (await painted(300, 200, (x) => (x < 50 ? GREEN : x < 250 ? RED : BLUE))).png().toBuffer();
      const output = await photo(wide, 'profile', null);
      for (const [x, y] of [
        [3, 3],
        [396, 3],
        [3, 396],
        [396, 396],
        [200, 200],
      ] as const) {
        expectColour((await pixelAt(output, x, y)).rgb, RED);
      }
    });

    it('takes the middle 16:6 band of a tall image for a cover photo', async () => {
      // 320x600: the centre 16:6 band is 320x120 at y 240..360; red from 235 to 365, blue elsewhere.
      const tall = await (await painted(320, 600, (_x, y) => (y >= 235 && y < 365 ? RED : BLUE))).png().toBuffer();
      const output = await photo(tall, 'cover', null);
      expect((await pixelAt(output, 0, 0)).width).toBe(1200);
      for (const [x, y] of [
        [3, 3],
        [1196, 3],
        [3, 446],
        [1196, 446],
        [600, 225],
      ] as const) {
        expectColour((await pixelAt(output, x, y)).rgb, RED);
      }
    });

    it('takes the middle 16:6 band of a square image for a cover photo', async () => {
      const square = await (await painted(480, 480, (_x, y) => (y >= 145 && y < 335 ? RED : BLUE))).png().toBuffer();
      const output = await photo(square, 'cover', null);
      expectColour((await pixelAt(output, 3, 3)).rgb, RED);
      expectColour((await pixelAt(output, 3, 446)).rgb, RED);
    });
  });

  describe('crop rectangle', () => {
    let image: Buffer; // 400x300: a 100x100 red square at (200, 100) on blue
    beforeAll(async () => {
      image = await (
        await painted(400, 300, (x, y) => (x >= 200 && x < 300 && y >= 100 && y < 200 ? RED : BLUE))
      )
        .png()
        .toBuffer();
    });

    it('cuts out the given rectangle', async () => {
      const output = await photo(image, 'profile', { x: 210, y: 110, width: 80, height: 80 });
      expect((await sharp(output).metadata()).width).toBe(400);
      expectColour((await pixelAt(output, 3, 3)).rgb, RED);
      expectColour((await pixelAt(output, 396, 396)).rgb, RED);
    });

    it("forces the aspect around the rectangle's centre: square for a profile", async () => {
      // 300 wide x 80 high around the red square's middle: the square kept is 80x80, all red.
      const output = await photo(image, 'profile', { x: 100, y: 110, width: 300, height: 80 });
      expect(await sharp(output).metadata()).toMatchObject({ width: 400, height: 400 });
      expectColour((await pixelAt(output, 3, 3)).rgb, RED);
      expectColour((await pixelAt(output, 396, 396)).rgb, RED);
    });

    it("forces the aspect around the rectangle's centre: 16:6 for a cover", async () => {
      // 96x200 around the red square's middle: the band kept is 96x36, all red.
      const output = await photo(image, 'cover', { x: 202, y: 50, width: 96, height: 200 });
      expect(await sharp(output).metadata()).toMatchObject({ width: 1200, height: 450 });
      expectColour((await pixelAt(output, 3, 3)).rgb, RED);
      expectColour((await pixelAt(output, 1196, 446)).rgb, RED);
    });

    it.each([
      ['profile', 400, 400],
      ['cover', 1200, 450],
    ] as const)('accepts the minimum 50x30 for a %s photo', async (kind, width, height) => {
      const output = await photo(image, kind, { x: 220, y: 120, width: 50, height: 30 });
      expect(await sharp(output).metadata()).toMatchObject({ format: 'jpeg', width, height });
      expectColour((await pixelAt(output, 5, 5)).rgb, RED);
    });

    it('accepts a rectangle covering the whole image, and trims one pixel of rounding past the edge', async () => {
      await expect(photo(image, 'cover', { x: 0, y: 0, width: 400, height: 300 })).resolves.toBeInstanceOf(Buffer);
      await expect(photo(image, 'profile', { x: 101, y: 1, width: 300, height: 300 })).resolves.toBeInstanceOf(Buffer);
    });

    it.each<[string, CropRect]>([
      ['narrower than 50', { x: 0, y: 0, width: 49, height: 30 }],
      ['lower than 30', { x: 0, y: 0, width: 50, height: 29 }],
      ['past the right edge', { x: 300, y: 0, width: 102, height: 100 }],
      ['past the bottom edge', { x: 0, y: 250, width: 100, height: 52 }],
      ['entirely outside', { x: 1000, y: 1000, width: 100, height: 100 }],
      ['bigger than the image', { x: 0, y: 0, width: 800, height: 600 }],
      ['at a negative x', { x: -1, y: 0, width: 100, height: 100 }],
      ['at a negative y', { x: 0, y: -20, width: 100, height: 100 }],
      ['with a negative size', { x: 100, y: 100, width: -100, height: -100 }],
      ['in fractions', { x: 0.5, y: 0, width: 100, height: 100 }],
      ['not a number', { x: Number.NaN, y: 0, width: 100, height: 100 }],
      ['infinite', { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 100 }],
    ])('refuses a rectangle %s', async (_name, crop) => {
      await expectRefused(photo(image, 'profile', crop), BAD_CROP);
    });
  });
});

describe('parseCrop', () => {
  it('is null when no crop was sent, or all four fields are empty (the no-JS form)', () => {
    expect(parseCrop({})).toBeNull();
    expect(parseCrop(undefined)).toBeNull();
    expect(parseCrop({ _csrf: 'x' })).toBeNull();
    expect(parseCrop({ crop_x: '', crop_y: '', crop_width: '', crop_height: '' })).toBeNull();
  });

  it("reads all four fields, rounding the widget's fractions to whole pixels", () => {
    expect(parseCrop({ crop_x: '10', crop_y: '20', crop_width: '300', crop_height: '300' })).toEqual({
      x: 10,
      y: 20,
      width: 300,
      height: 300,
    });
    expect(parseCrop({ crop_x: '10.4', crop_y: '20.5', crop_width: ' 299.6 ', crop_height: '300' })).toEqual({
      x: 10,
      y: 21,
      width: 300,
      height: 300,
    });
    expect(parseCrop({ crop_x: 0, crop_y: 0, crop_width: 50, crop_height: 30 })).toEqual({
      x: 0,
      y: 0,
      width: 50,
      height: 30,
    });
  });

  it.each([
    ['only some fields', { crop_x: '10', crop_y: '20' }],
    ['one empty field', { crop_x: '10', crop_y: '20', crop_width: '300', crop_height: '' }],
    ['a negative number', { crop_x: '-5', crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['a word', { crop_x: 'abc', crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['exponent notation', { crop_x: '1e3', crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['hex', { crop_x: '0x10', crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['a repeated field (array)', { crop_x: ['1', '2'], crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['an absurdly long number', { crop_x: '12345678901', crop_y: '0', crop_width: '100', crop_height: '100' }],
    ['a negative JSON number', { crop_x: -1, crop_y: 0, crop_width: 100, crop_height: 100 }],
  ])('refuses %s with 422', (_name, body) => {
    let caught: unknown;
    try {
      parseCrop(body);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).status).toBe(422);
    expect((caught as ValidationError).fields).toEqual({ file: BAD_CROP });
  });
});

describe('processBackgroundImage', () => {
  it('fits a large image inside 1920x1920 as WebP without metadata', async () => {
    const input = await (
      await solid(3000, 1000, '#204060')
    )
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1' } })
      .jpeg()
      .toBuffer();
    const { data, ext, mime } = await background(input);
    expect({ ext, mime }).toEqual({ ext: 'webp', mime: 'image/webp' });
    const meta = await sharp(data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('never enlarges a small image, and keeps transparency', async () => {
    const input = await sharp({
      create: { width: 120, height: 80, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const meta = await sharp((await background(input)).data).metadata();
    expect(meta).toMatchObject({ width: 120, height: 80, hasAlpha: true });
  });

  it('refuses what is not an image', async () => {
    await expectRefused(background(SVG_SCRIPT), NOT_IMAGE);
    await expectRefused(background(Buffer.alloc(0)), NOT_IMAGE);
  });
});
