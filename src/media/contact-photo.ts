/**
 * The profile photo as a small JPEG for the vCard, made from the stored photo's bytes (read
 * through the storage module, which refuses any path outside the customer's folder). A photo
 * that cannot be read is not an error: the card is then sent without one.
 */
import sharp from 'sharp';

export const CONTACT_PHOTO_SIZE = 200;
export const CONTACT_PHOTO_QUALITY = 80;

/** About 200x200 JPEG, quality 80, of the stored photo; null when missing or not an image. */
export async function contactPhotoJpeg(photo: Buffer | null): Promise<Buffer | null> {
  if (!photo) return null;
  try {
    return await sharp(photo, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(CONTACT_PHOTO_SIZE, CONTACT_PHOTO_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: CONTACT_PHOTO_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}
