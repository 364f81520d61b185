/**
 * The sharing image drawn: the SVG of media/sharing-card-svg.ts rasterised by sharp (librsvg,
 * with only the fonts we ship: media/font-config.ts), the photo cut round and composited into
 * its circle. A PNG keeps the text's edges and flat colours sharp; palette-quantised, it stays
 * under the 100 KB a preview should weigh, a typical photo included (docs/product.md). A photo
 * too detailed for that is sent as a JPEG instead, under the same address, with its own type.
 */
import './font-config.js';
import sharp from 'sharp';
import { BRAND_LOGO, PHOTO, sharingCardSvg, type SharingCard } from './sharing-card-svg.js';
import { measureNotoSans } from './text-width.js';

/** What the image may weigh; over it, the JPEG is sent. */
export const SHARING_IMAGE_MAX_BYTES = 100_000;

export interface DrawnImage {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** A stored photo is ours (a 400x400 JPEG), but a file from an older version may be bigger: refused above this. */
const MAX_PHOTO_PIXELS = 40_000_000;

/** The photo as a round PNG of the circle's size, or null when it cannot be read (the initials are drawn then). */
async function roundPhoto(photo: Buffer): Promise<Buffer | null> {
  const side = PHOTO.size;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${side / 2}" ` +
      `cy="${side / 2}" r="${side / 2}"/></svg>`,
  );
  try {
    return await sharp(photo, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The agency's logo (a PNG we re-encoded) fitted into BRAND_LOGO's box, or null when it cannot be read (its mark is
 * drawn then).
 */
async function smallLogo(logo: Buffer): Promise<{ png: Buffer; width: number; height: number } | null> {
  try {
    const { data, info } = await sharp(logo, { limitInputPixels: MAX_PHOTO_PIXELS })
      .resize(BRAND_LOGO.maxWidth, BRAND_LOGO.height, { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * The image for the card: the customer's photo in the circle when there is one, first; the
 * agency's logo small at the foot when it has one.
 */
export async function drawSharingImage(
  card: Omit<SharingCard, 'hasPhoto' | 'logoWidth'>,
  photo: Buffer | null,
  agencyLogo: Buffer | null = null,
): Promise<DrawnImage> {
  const round = photo ? await roundPhoto(photo) : null;
  const logo = agencyLogo ? await smallLogo(agencyLogo) : null;
  const svg = sharingCardSvg({ ...card, hasPhoto: round !== null, logoWidth: logo?.width ?? null }, measureNotoSans);
  const layers = [
    ...(round ? [{ input: round, left: PHOTO.x, top: PHOTO.y }] : []),
    ...(logo
      ? [{ input: logo.png, left: BRAND_LOGO.x, top: BRAND_LOGO.y + Math.round((BRAND_LOGO.height - logo.height) / 2) }]
      : []),
  ];
  // Drawn straight into the encoder: holding the 3 MB of pixels in a buffer to encode twice cost the
  // server more memory than drawing again in the rare case (a very detailed photo) the PNG is too big.
  const drawn = () => sharp(Buffer.from(svg)).composite(layers);
  // Quantised at effort 1: at effort 7 libimagequant's working copies raised the server's peak by 16 MB
  // for one drawing (7 MB now) for a file about a quarter smaller, both well under the limit.
  const png = await drawn().png({ palette: true, quality: 90, effort: 1, compressionLevel: 9 }).toBuffer();
  if (png.length <= SHARING_IMAGE_MAX_BYTES) return { bytes: png, type: 'image/png' };
  return {
    bytes: await drawn().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    type: 'image/jpeg',
  };
}
