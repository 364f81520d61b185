import sharp from 'sharp';
import { seededRandom } from './names.js';

/**
 * A photo-like image: a smooth two-colour gradient plus per-pixel noise of `noise` amplitude.
 * The noise is what makes a JPEG big, as sensor noise does in a real phone photo.
 */
function photoPixels(width: number, height: number, noise: number, seed: number): Buffer {
  const random = seededRandom(seed);
  const pixels = Buffer.allocUnsafe(width * height * 3);
  let i = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const gx = x / width;
      const gy = y / height;
      const base = [200 - 120 * gy, 120 + 60 * gx, 80 + 100 * gx * gy];
      for (const channel of base) {
        const value = channel + (random() - 0.5) * noise;
        pixels[i++] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  return pixels;
}

export function photoJpeg(
  width: number,
  height: number,
  options: { noise: number; quality: number; seed?: number },
): Promise<Buffer> {
  return sharp(photoPixels(width, height, options.noise, options.seed ?? 1), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality })
    .toBuffer();
}

/** 4000 x 3000 = 12 megapixels, as a phone camera takes them. */
const UPLOAD_WIDTH = 4000;
const UPLOAD_HEIGHT = 3000;
const UPLOAD_MIN_BYTES = 4_500_000;
const UPLOAD_MAX_BYTES = 5_000_000;
const UPLOAD_QUALITY = 95;

/**
 * A 12-megapixel JPEG of 4.5-5 MB. JPEG size grows with the noise amplitude, so we search
 * the amplitude on a 1/16 crop (size scales with area) and then encode the full image once
 * or twice: a few seconds instead of a dozen full-size encodes.
 */
export async function phoneCameraJpeg(): Promise<Buffer> {
  const target = (UPLOAD_MIN_BYTES + UPLOAD_MAX_BYTES) / 2;
  const scale = 16;
  let low = 0;
  let high = 255;
  for (let step = 0; step < 12; step += 1) {
    const noise = (low + high) / 2;
    const sample = await photoJpeg(UPLOAD_WIDTH / 4, UPLOAD_HEIGHT / 4, { noise, quality: UPLOAD_QUALITY });
    if (sample.length * scale < target) low = noise;
    else high = noise;
  }
  let noise = (low + high) / 2;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const full = await photoJpeg(UPLOAD_WIDTH, UPLOAD_HEIGHT, { noise, quality: UPLOAD_QUALITY, seed: 7 });
    if (full.length >= UPLOAD_MIN_BYTES && full.length <= UPLOAD_MAX_BYTES) return full;
    // Close but outside the band: nudge the amplitude by the size ratio and try again.
    noise *= Math.sqrt(target / full.length);
  }
  throw new Error('could not make a 4.5-5 MB test JPEG');
}

export const uploadLimits = {
  width: UPLOAD_WIDTH,
  height: UPLOAD_HEIGHT,
  minBytes: UPLOAD_MIN_BYTES,
  maxBytes: UPLOAD_MAX_BYTES,
};
