/**
 * The profile photo as a small JPEG for the vCard. The stored value is a public path
 * (`/uploads/12/profile-abc.jpg`); it is mapped onto DATA_DIR/uploads and anything that would
 * leave that folder (`..`, symlinks, absolute or remote paths) is refused. A photo that cannot
 * be read is not an error: the card is then sent without one.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const CONTACT_PHOTO_SIZE = 200;
export const CONTACT_PHOTO_QUALITY = 80;
const UPLOADS_PREFIX = '/uploads/';

/** The file on disk for a public `/uploads/...` path, or null when it is not one or escapes the folder. */
export function uploadFilePath(uploadsDir: string, publicPath: string | null | undefined): string | null {
  if (!publicPath || !publicPath.startsWith(UPLOADS_PREFIX)) return null;
  // The path as a browser would ask for it: a cache-busting `?v=` or `#` is not part of the file.
  let relative: string;
  try {
    relative = decodeURIComponent(publicPath.slice(UPLOADS_PREFIX.length).replace(/[?#].*$/s, ''));
  } catch {
    return null;
  }
  if (relative === '' || /[\\\0]/.test(relative)) return null;
  const segments = relative.split('/');
  // No `..` or `.`, and no dotfiles, as the static file server refuses them too.
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Both paths resolved through symlinks: the file must still be inside the uploads folder. */
async function insideUploads(uploadsDir: string, file: string): Promise<string | null> {
  try {
    const [root, real] = await Promise.all([realpath(uploadsDir), realpath(file)]);
    return real.startsWith(root + path.sep) ? real : null;
  } catch {
    return null;
  }
}

/** About 200x200 JPEG, quality 80, of the stored photo; null when missing, unsafe or unreadable. */
export async function contactPhotoJpeg(uploadsDir: string, publicPath: string | null | undefined): Promise<Buffer | null> {
  const candidate = uploadFilePath(uploadsDir, publicPath);
  const file = candidate ? await insideUploads(uploadsDir, candidate) : null;
  if (!file) return null;
  try {
    return await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(CONTACT_PHOTO_SIZE, CONTACT_PHOTO_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: CONTACT_PHOTO_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}
