/**
 * Uploaded images: recognised by their bytes, decoded and re-encoded by sharp, so what we store
 * is a fresh image we wrote ourselves: nothing the client appended (HTML, scripts, a second
 * file) survives, and no metadata either (EXIF with GPS position, IPTC, XMP, ICC).
 *
 * sharp writes no metadata unless `withMetadata`/`withExif`/`keepIccProfile` is called, and
 * converts to sRGB before it drops the ICC profile; none of those is called here.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import sharp, { type Sharp } from 'sharp';
import { HttpError, ValidationError } from '../errors.js';
import { sniffType } from './file-sniff.js';
import { imageWork } from './image-queue.js';
import type { WrittenContent } from '../storage/file-storage.js';

const messages = {
  notImage: 'Lütfen yalnızca resim dosyası seçin',
  tooManyPixels: 'Görsel çok büyük: en fazla 50 megapiksel olabilir.',
  unreadable: 'Görsel okunamadı. Lütfen başka bir dosya deneyin.',
  badCrop: 'Geçersiz kırpma alanı.',
} as const;

/** The form field every upload error is shown under (the file input). */
const FIELD = 'file';

/** Decoding is refused above this many pixels; sharp checks it from the header, before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The smallest crop, 50x30 (docs/product.md, Owner page). */
export const MIN_CROP_WIDTH = 50;
export const MIN_CROP_HEIGHT = 30;
/** docs/product.md, Owner page: profile 400x400, cover 1200x450 (16:6), JPEG quality 90. */
export const PHOTO_SIZES = {
  profile: { width: 400, height: 400 },
  cover: { width: 1200, height: 450 },
} as const;
export const PHOTO_QUALITY = 90;
export const BACKGROUND_MAX_SIDE = 1920;
export const BACKGROUND_QUALITY = 82;
/** Quality for catalog images re-encoded in their own format. */
const CATALOG_QUALITY = 90;
/** A decode that takes longer than this is stuck on a hostile file; give up. */
const TIMEOUT_SECONDS = 20;

export type PhotoKind = keyof typeof PHOTO_SIZES;

/** An uploaded image: its bytes, or the path of the temporary file it waits in (docs/architecture.md, Memory). */
export type ImageSource = Buffer | string;

/** A rectangle in source pixels, measured on the image as displayed (after EXIF orientation). */
export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type ImageExt = 'jpg' | 'png' | 'gif' | 'webp' | 'avif';

export interface DetectedImage {
  readonly ext: ImageExt;
  readonly mime: string;
}

/**
 * A checked image not yet encoded: sharp encodes it straight into the file the storage names
 * (FileStorage.saveFile), so the result never sits whole in memory (docs/architecture.md,
 * Memory). A failure of the encoding is the same 422 as a refusal found before it.
 */
export type EncodedImage = WrittenContent;

export interface ProcessedImage {
  readonly data: EncodedImage;
  readonly ext: 'webp';
  readonly mime: 'image/webp';
}

/**
 * What file-type may report, mapped onto what we accept. APNG is a PNG (sharp reads its first
 * frame). AVIF is decoded by sharp's bundled libheif; HEIC is not (its HEVC decoder is not
 * bundled), so it is refused here rather than failing later as "unreadable".
 */
const IMAGE_TYPES: Readonly<Record<string, DetectedImage>> = {
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  apng: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
  avif: { ext: 'avif', mime: 'image/avif' },
};

function notImage(): ValidationError {
  return new ValidationError({ [FIELD]: messages.notImage });
}

function badCrop(): ValidationError {
  return new ValidationError({ [FIELD]: messages.badCrop });
}

/**
 * The image type by its leading bytes; the name and the client's MIME type are never asked.
 * SVG, HTML, PDF and anything else without an image signature is refused.
 */
export async function detectImage(input: ImageSource): Promise<DetectedImage> {
  return sniffType(input, IMAGE_TYPES, notImage);
}

/**
 * A sharp pipeline on untrusted bytes: pixel limit checked from the header, first frame only,
 * EXIF orientation applied up front (so crop coordinates are those of the displayed image).
 * failOn 'error' refuses truncated and corrupt data but tolerates the harmless libjpeg
 * warnings many phone cameras' files trigger.
 */
function openImage(input: ImageSource): Sharp {
  return sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    autoOrient: true,
    pages: 1,
  }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** sharp's failures as what the user can act on; our own typed errors pass through. */
function imageError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const text = err instanceof Error ? err.message : '';
  if (/pixel limit/i.test(text)) return new ValidationError({ [FIELD]: messages.tooManyPixels });
  return new ValidationError({ [FIELD]: messages.unreadable });
}

/** Width and height as displayed; the header alone is read, so a pixel bomb stops here. */
async function displayedSize(input: ImageSource): Promise<{ width: number; height: number }> {
  const meta = await openImage(input).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new ValidationError({ [FIELD]: messages.unreadable });
  return { width, height };
}

/**
 * The largest rectangle of the given aspect inside `rect`, around the same centre. The client
 * widget keeps the aspect, but a form post or rounding may not; the stored photo always has it.
 */
export function fitAspect(rect: CropRect, aspect: number): CropRect {
  let width = rect.width;
  let height = rect.height;
  if (width / height > aspect) width = Math.max(1, Math.min(width, Math.round(height * aspect)));
  else height = Math.max(1, Math.min(height, Math.round(width / aspect)));
  return {
    x: rect.x + Math.floor((rect.width - width) / 2),
    y: rect.y + Math.floor((rect.height - height) / 2),
    width,
    height,
  };
}

/**
 * A crop checked against the displayed image: whole numbers, at least 50x30, inside the image.
 * One pixel past the right or bottom edge is trimmed, not refused: the widget rounds its
 * position and size separately, which can add up to one pixel more than the image has.
 */
export function checkCrop(crop: CropRect, imageWidth: number, imageHeight: number): CropRect {
  const { x, y, width, height } = crop;
  if (![x, y, width, height].every((n) => Number.isSafeInteger(n))) throw badCrop();
  if (x < 0 || y < 0 || width < MIN_CROP_WIDTH || height < MIN_CROP_HEIGHT) throw badCrop();
  const overX = x + width - imageWidth;
  const overY = y + height - imageHeight;
  if (overX > 1 || overY > 1) throw badCrop();
  return { x, y, width: width - Math.max(0, overX), height: height - Math.max(0, overY) };
}

/**
 * The pipeline that cuts `area` out of the image and brings it to `size`. When the area is
 * larger than the result, the whole image is shrunk first and the area cut from that: a resize
 * that comes first lets libvips decode a JPEG or WebP at 1/2, 1/4 or 1/8 of its size, so a
 * 12-megapixel photo never sits in memory whole (docs/architecture.md, Memory). The area moves
 * by less than one pixel of the result.
 */
function cutOut(
  input: ImageSource,
  image: { width: number; height: number },
  area: CropRect,
  size: { width: number; height: number },
): Sharp {
  const scale = size.width / area.width;
  if (scale >= 1) {
    // fitAspect may leave the aspect a pixel off; 'cover' trims that instead of stretching.
    return openImage(input)
      .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
      .resize(size.width, size.height, { fit: 'cover' });
  }
  const shrunk = {
    width: Math.max(size.width, Math.round(image.width * scale)),
    height: Math.max(size.height, Math.round(image.height * scale)),
  };
  const left = Math.min(Math.round(area.x * scale), shrunk.width - size.width);
  const top = Math.min(Math.round(area.y * scale), shrunk.height - size.height);
  return openImage(input)
    .resize(shrunk.width, shrunk.height, { fit: 'fill' })
    .extract({ left, top, width: size.width, height: size.height });
}

/**
 * A profile (400x400) or cover (1200x450) photo as JPEG quality 90, without metadata. With a
 * crop the rectangle is cut out (its aspect forced to the kind's); without one the centre of
 * the image is taken. 422 for a non-image, a bad crop, an oversized or unreadable image.
 */
export async function processPhoto(input: ImageSource, kind: PhotoKind, crop: CropRect | null): Promise<EncodedImage> {
  await detectImage(input);
  const size = PHOTO_SIZES[kind];
  const aspect = size.width / size.height;
  let image: { width: number; height: number };
  let area: CropRect;
  try {
    image = await displayedSize(input);
    area = fitAspect(crop ? checkCrop(crop, image.width, image.height) : { x: 0, y: 0, ...image }, aspect);
  } catch (err) {
    throw imageError(err);
  }
  return encoded(() =>
    cutOut(input, image, area, size)
      // Transparent PNG/WebP/GIF pixels would turn black in a JPEG.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_QUALITY, mozjpeg: true }),
  );
}

/**
 * The pipeline `make` builds, written to a file when the storage asks, one image at a time
 * (image-queue). Streamed into a file stream rather than through sharp's toFile, so a failed
 * write keeps its errno (ENOSPC: the storage's 503 "no space") instead of reading as an
 * unreadable image (422); only sharp's own errors are the image's.
 */
function encoded(make: () => Sharp): EncodedImage {
  return {
    async writeTo(file: string): Promise<void> {
      try {
        await imageWork.run(() => pipeline(make(), createWriteStream(file)));
      } catch (err) {
        throw (err as NodeJS.ErrnoException).code ? err : imageError(err);
      }
    },
  };
}

/** A page background: at most 1920 on its longer side (never enlarged), WebP, no metadata. */
export async function processBackgroundImage(input: ImageSource): Promise<ProcessedImage> {
  await detectImage(input);
  const data = encoded(() =>
    openImage(input)
      .resize(BACKGROUND_MAX_SIDE, BACKGROUND_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: BACKGROUND_QUALITY }),
  );
  return { data, ext: 'webp', mime: 'image/webp' };
}

/**
 * An image re-encoded in the given format at its own size (first frame of an animation), without
 * metadata; for catalog pages, which must stay readable. The caller has detected the format.
 */
export function reencodeImage(input: ImageSource, format: 'jpg' | 'png' | 'gif' | 'webp'): EncodedImage {
  return encoded(() => {
    const image = openImage(input);
    switch (format) {
      case 'jpg':
        return image.flatten({ background: '#ffffff' }).jpeg({ quality: CATALOG_QUALITY, mozjpeg: true });
      case 'png':
        return image.png();
      case 'gif':
        return image.gif();
      case 'webp':
        return image.webp({ quality: CATALOG_QUALITY });
    }
  });
}

const CROP_FIELDS = ['crop_x', 'crop_y', 'crop_width', 'crop_height'] as const;
/** Plain decimal numbers; the widget may send fractions, which are rounded to whole pixels. */
const CROP_NUMBER = /^\d{1,6}(?:\.\d{1,6})?$/;

function cropNumber(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value);
  // Anything else (an array from a repeated field, a negative, `1e3`, `abc`) is refused.
  if (typeof value !== 'string' || !CROP_NUMBER.test(value.trim())) throw badCrop();
  return Math.round(Number(value.trim()));
}

/**
 * The crop sent with a photo form (`crop_x`, `crop_y`, `crop_width`, `crop_height`): all four, or
 * none (absent or empty, as the no-JS form sends them) for the centre crop. Whether the rectangle
 * fits the image is checked by processPhoto, which knows the image.
 */
export function parseCrop(body: unknown): CropRect | null {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values = CROP_FIELDS.map((field) => source[field]);
  const given = values.filter((v) => v !== undefined && v !== null && v !== '');
  if (given.length === 0) return null;
  if (given.length !== CROP_FIELDS.length) throw badCrop();
  const [x, y, width, height] = values.map(cropNumber) as [number, number, number, number];
  return { x, y, width, height };
}
