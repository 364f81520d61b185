/** The catalog link: an http(s) URL, or a file our own upload handler stored. */
import { cleanText, fail } from './field-text.js';
import { messages } from './link-messages.js';
import { normalizeWebUrl } from './web-url.validation.js';

/** `/uploads/{customerId}/{safe-name}.{pdf|jpg|jpeg|png|gif|webp}` as our upload handler stores it. */
const CATALOG_UPLOAD_PATH =
  /^\/uploads\/[1-9][0-9]{0,11}\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:pdf|jpe?g|png|gif|webp)$/i;

export function isCatalogUploadPath(value: string): boolean {
  return value.length <= 255 && CATALOG_UPLOAD_PATH.test(value);
}

/** `uploadedFile` (never taken from the request body) wins; otherwise `raw` must be a web URL. */
export function normalizeCatalog(raw: unknown, uploadedFile: string | undefined, field: string): string {
  if (uploadedFile !== undefined) {
    if (!isCatalogUploadPath(uploadedFile)) fail(field, messages.catalogFileInvalid);
    return uploadedFile;
  }
  const value = cleanText(raw);
  if (value === '') fail(field, messages.catalogRequired);
  return normalizeWebUrl(value, field);
}
