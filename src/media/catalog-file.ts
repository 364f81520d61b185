/**
 * Catalog uploads (docs/product.md, Links and platforms: pdf, jpeg, jpg, png, gif, webp; at most 10 MB, enforced by
 * the upload middleware). The type comes from the file's bytes, never its name or the client's
 * MIME type.
 *
 * Images are re-encoded by sharp in their own format (metadata and anything appended to the
 * image dropped). A PDF cannot be re-encoded, so it is stored as it came: a PDF with scripts, or
 * one that is also an HTML page, is kept. That is safe only because of how `/uploads` is served
 * (the static handler's headers, `uploadHeaders` in middleware/security-headers.ts): a
 * Content-Security-Policy that lets no script run (`default-src 'none'`), `nosniff`, and the
 * type taken from our own `.pdf` extension; keep them when touching that handler. (A CSP
 * `sandbox` would be stricter still, but Chromium's PDF viewer then shows nothing.)
 */
import { open } from 'node:fs/promises';
import { ValidationError } from '../errors.js';
import { reencodeImage, type EncodedImage, type ImageSource } from './image-processing.js';
import { foldSlug } from '../domain/slug.js';
import { sniffType } from './file-sniff.js';

const messages = {
  unsupported: 'Desteklenmeyen dosya türü. Yalnızca PDF, JPG, PNG, GIF, WebP dosyaları kabul edilir.',
} as const;

const FIELD = 'file';
const SLUG_MAX = 60;
const SLUG_FALLBACK = 'katalog';

export type CatalogExt = 'pdf' | 'jpg' | 'png' | 'gif' | 'webp';

export interface CatalogType {
  readonly ext: CatalogExt;
  readonly mime: string;
}

export interface CatalogFile extends CatalogType {
  /**
   * What to store: the re-encoded image (written by sharp into the storage's file), or the PDF
   * as uploaded, left where it came (its temporary file, so ten megabytes never sit in memory;
   * docs/architecture.md, Memory).
   */
  readonly data: ImageSource | EncodedImage;
}

/** What file-type may report, mapped onto what we accept (an APNG is stored as a PNG). */
const CATALOG_TYPES: Readonly<Record<string, CatalogType>> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  apng: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

/** file-type takes any `%PDF` as a PDF; a real one starts with a version header. */
const PDF_HEADER = /^%PDF-\d\.\d/;

function unsupported(): ValidationError {
  return new ValidationError({ [FIELD]: messages.unsupported });
}

/** The first `length` bytes of the upload (fewer when it is shorter). */
async function leadingBytes(source: Uint8Array | string, length: number): Promise<Buffer> {
  if (typeof source !== 'string') return Buffer.from(source.subarray(0, length));
  const handle = await open(source, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The catalog type by its bytes (in memory, or in the file at a path); anything else, an empty file included, is
 * refused.
 */
export async function detectCatalog(source: Uint8Array | string): Promise<CatalogType> {
  const type = await sniffType(source, CATALOG_TYPES, unsupported);
  if (type.ext === 'pdf' && !PDF_HEADER.test((await leadingBytes(source, 16)).toString('latin1'))) throw unsupported();
  return type;
}

/**
 * The file to store for an uploaded catalog (its bytes, or the path of its temporary file):
 * its type, and an image re-encoded or a PDF unchanged. 422 for an unsupported type or an
 * unreadable/oversized image.
 */
export async function prepareCatalogFile(upload: ImageSource): Promise<CatalogFile> {
  const type = await detectCatalog(upload);
  const data = type.ext === 'pdf' ? upload : reencodeImage(upload, type.ext);
  return { ...type, data };
}

/**
 * A catalog's name as a file-name part: Turkish letters folded to ASCII as for slugs (other
 * accents dropped), words joined by hyphens, at most 60 characters; `katalog` when nothing is left.
 */
export function catalogSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => foldSlug(word, ''))
    .filter((word) => word !== '');
  const slug = words.join('-').slice(0, SLUG_MAX).replace(/-+$/, '');
  return slug || SLUG_FALLBACK;
}

/** `{slugified name}-{milliseconds since 1970}.{ext}` (the catalog path in docs/product.md, Links and platforms). */
export function catalogFileName(name: string, now: Date, ext: CatalogExt): string {
  return `${catalogSlug(name)}-${now.getTime()}.${ext}`;
}
