import type { RequestHandler } from 'express';
import multer from 'multer';
import { IMAGE_UPLOAD_MAX_BYTES } from '../shared/upload-limits.js';
import { FileTooLargeError, handleUploadErrors, READABLE_FACTOR } from './upload.js';
import { BoundedMemoryStorage } from './upload-storage.js';

/** The company look form's files: a background image and a cover photo, each optional. */
export const LOOK_FILE_FIELDS = ['background_file', 'cover_file'] as const;
export type LookFileField = (typeof LOOK_FILE_FIELDS)[number];

const TOO_LARGE = "Dosya boyutu 5MB'tan küçük olmalıdır";
const FIELDS = 20;

/** The files a look form brought, by field; an empty file part (none chosen) is no file. */
export function lookFiles(files: unknown): Partial<Record<LookFileField, Buffer>> {
  const byField = (files ?? {}) as Partial<Record<string, Express.Multer.File[]>>;
  const found: Partial<Record<LookFileField, Buffer>> = {};
  for (const field of LOOK_FILE_FIELDS) {
    const buffer = byField[field]?.[0]?.buffer;
    if (buffer?.length) found[field] = buffer;
  }
  return found;
}

/**
 * The company's background and cover form (docs/product.md, Companies): its type, value and lock fields, the CSRF
 * token, and up to one image in each file field, 5 MB each like the owner's. A file over it is a FileTooLargeError
 * (413) the company page shows with what was typed; it is read and dropped up to READABLE_FACTOR times the limit.
 */
const parser = multer({
  storage: new BoundedMemoryStorage(IMAGE_UPLOAD_MAX_BYTES),
  defParamCharset: 'utf8',
  limits: {
    fileSize: IMAGE_UPLOAD_MAX_BYTES * READABLE_FACTOR,
    files: LOOK_FILE_FIELDS.length,
    fields: FIELDS,
    fieldSize: 4096,
    fieldNameSize: 100,
    parts: FIELDS + LOOK_FILE_FIELDS.length,
    headerPairs: 20,
    fieldNestingDepth: 1,
    fieldArrayIndexLimit: 100,
  },
}).fields(LOOK_FILE_FIELDS.map((name) => ({ name, maxCount: 1 })));

const wrapped = handleUploadErrors(parser, TOO_LARGE);

export const companyLookUpload: RequestHandler = (req, res, next) => {
  wrapped(req, res, (err?: unknown) => {
    const files = (req.files ?? {}) as Partial<Record<string, Express.Multer.File[]>>;
    const tooLarge = Object.values(files).some((list) => list?.some((file) => file.size > IMAGE_UPLOAD_MAX_BYTES));
    if (err === undefined && tooLarge) {
      req.files = undefined;
      next(new FileTooLargeError(TOO_LARGE));
      return;
    }
    next(err);
  });
};
