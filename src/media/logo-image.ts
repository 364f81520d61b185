/**
 * The agency's logo (docs/product.md, Agency brand): recognised by its bytes, decoded and
 * re-encoded by sharp like every upload (src/media/image-processing.ts), as a PNG that keeps
 * transparency (a logo sits on light and dark headers) and that PDF writers can embed too.
 */
import sharp, { type OutputInfo } from 'sharp';
import { HttpError, ValidationError } from '../errors.js';
import { detectImage, MAX_INPUT_PIXELS } from './image-processing.js';
import { imageWork } from './image-queue.js';

export const LOGO_FIELD = 'logo';
/** The longer side at most; the pages show it at most 48 px high, sharp on 3x screens. */
export const LOGO_MAX_SIDE = 512;
/** A re-encoded logo larger than this is refused (a photo rather than a logo). */
export const LOGO_MAX_BYTES = 256 * 1024;

const messages = {
  notImage: 'Logo için yalnızca resim dosyası (PNG, JPEG, WebP, GIF, AVIF) seçin.',
  unreadable: 'Logo okunamadı. Lütfen başka bir dosya deneyin.',
  tooManyPixels: 'Logo çok büyük: en fazla 50 megapiksel olabilir.',
  tooDetailed: 'Logo çok ayrıntılı; daha sade bir görsel seçin.',
} as const;

export interface ProcessedLogo {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

function refuse(message: string): ValidationError {
  return new ValidationError({ [LOGO_FIELD]: message });
}

/** At most 512 px on its longer side (never enlarged), PNG with its alpha channel, no metadata. */
export async function processLogo(buffer: Buffer): Promise<ProcessedLogo> {
  try {
    await detectImage(buffer);
  } catch {
    throw refuse(messages.notImage);
  }
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await imageWork.run(() =>
      sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true, pages: 1 })
        .timeout({ seconds: 20 })
        .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9, palette: true, quality: 90, effort: 8 })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const text = err instanceof Error ? err.message : '';
    throw refuse(/pixel limit/i.test(text) ? messages.tooManyPixels : messages.unreadable);
  }
  if (result.data.length > LOGO_MAX_BYTES) throw refuse(messages.tooDetailed);
  return { data: result.data, width: result.info.width, height: result.info.height };
}
