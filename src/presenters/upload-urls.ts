import type { BackgroundDescriptor } from '../domain/background.js';
import { UPLOADS_URL_PREFIX } from '../storage/file-storage.js';

/**
 * STORAGE_PUBLIC_URL (docs/product.md, Object storage): the public page links its images and
 * videos at the CDN or the bucket, `/uploads/{id}/{name}` as `{base}/{id}/{name}` with any
 * `?v=` kept. Catalogs stay on `/uploads`: only our own answers may be framed by the viewer.
 * Without a base, and for anything that is not an upload path, the value is returned as it is.
 */
export function publicUploadUrl(value: string, base: string | null): string {
  return base && value.startsWith(UPLOADS_URL_PREFIX) ? `${base}/${value.slice(UPLOADS_URL_PREFIX.length)}` : value;
}

/** A cover or background with its uploaded image or video at the public base. */
export function withPublicUpload(
  descriptor: BackgroundDescriptor | null,
  base: string | null,
): BackgroundDescriptor | null {
  if (!base || (descriptor?.kind !== 'image' && descriptor?.kind !== 'video')) return descriptor;
  return { ...descriptor, url: publicUploadUrl(descriptor.url, base) };
}
