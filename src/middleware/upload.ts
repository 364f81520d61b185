/**
 * Multipart parsing for the upload forms: one file in the field `file` plus a few text fields.
 * The file is kept in memory (small ones: a logo, a CSV) or in a temporary file of its own (the
 * owner's photos and catalogs, upload-storage.ts), removed once the request is answered; the
 * services check the bytes, re-encode and save. Every limit is explicit, since multer's
 * defaults are "no limit".
 *
 * Put the parser before CSRF protection in a route's chain: the `_csrf` field of a multipart
 * form is only in `req.body` once the parser has run.
 *
 * A file over its limit is a FileTooLargeError (413). It is read to its end and dropped, up
 * to READABLE_FACTOR times the limit, so the form's fields after it (a catalog's label) still
 * arrive and the owner's editor can show them again beside the reason; past that, or when the
 * declared length is already more, the rest of the body is drained unparsed. Either way the
 * answer goes out once the browser has sent everything: answering sooner makes some clients
 * fail with a reset connection instead of showing it.
 */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { HttpError, PayloadTooLargeError } from '../errors.js';
import { FILE_FIELD } from '../http/uploaded-file.js';
import { CATALOG_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from '../shared/upload-limits.js';
import { BoundedDiskStorage, BoundedMemoryStorage, removeWhenAnswered } from './upload-storage.js';

const messages = {
  photoTooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
  catalogTooLarge: 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.',
  uploadFailed: (reason: string) => `Dosya yükleme hatası: ${reason}`,
  tooManyFiles: 'yalnızca bir dosya seçebilirsiniz.',
  unexpectedField: 'dosya beklenmeyen bir alanda gönderildi.',
  tooManyFields: 'formda çok fazla alan var.',
  fieldTooLong: 'form alanlarından biri çok uzun.',
  badFieldName: 'form alanlarından birinin adı geçersiz.',
  malformed: 'form verisi okunamadı.',
} as const;

export interface UploadLimits {
  /** Largest file, in bytes. */
  readonly fileSize: number;
  /** Most text fields (CSRF token, crop, link form fields...). */
  readonly fields: number;
  /** Longest text field value, in bytes. */
  readonly fieldSize: number;
  /** The 413 message when the file is larger than `fileSize`. */
  readonly tooLargeMessage: string;
}

export const PHOTO_LIMITS: UploadLimits = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  fields: 10,
  fieldSize: 1024,
  tooLargeMessage: messages.photoTooLarge,
};
export const CATALOG_LIMITS: UploadLimits = {
  fileSize: CATALOG_UPLOAD_MAX_BYTES,
  fields: 15,
  fieldSize: 4096,
  tooLargeMessage: messages.catalogTooLarge,
};
/** The background form may carry its type and colour fields beside the image. */
export const BACKGROUND_LIMITS: UploadLimits = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  fields: 15,
  fieldSize: 4096,
  tooLargeMessage: messages.photoTooLarge,
};

/** A file up to this many times its limit is still read (and dropped) to reach the fields after it. */
export const READABLE_FACTOR = 3;

/** Room for the multipart boundaries and part headers around the file and fields. */
const ENVELOPE_BYTES = 16 * 1024;
const PART_ENVELOPE_BYTES = 512;

/**
 * A file larger than its upload allows (413), with the Turkish reason. The owner's upload routes
 * show it inside the dialog the file was chosen in (OwnerUploadsController.refuseTooLarge);
 * elsewhere it is the plain 413 of the error handler.
 */
export class FileTooLargeError extends PayloadTooLargeError {}

function uploadFailed(reason: string): HttpError {
  return new HttpError(400, messages.uploadFailed(reason));
}

/** A multer or busboy error as one of our typed errors with a Turkish message. */
export function toUploadError(err: unknown, tooLargeMessage: string): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof multer.MulterError) {
    // Compared as a string: multer 2 has codes its type definitions do not list yet.
    const code: string = err.code;
    switch (code) {
      case 'LIMIT_FILE_SIZE':
        return new FileTooLargeError(tooLargeMessage);
      case 'LIMIT_FILE_COUNT':
        return uploadFailed(messages.tooManyFiles);
      case 'LIMIT_UNEXPECTED_FILE':
        // A second file in `file` is "too many"; a file in any other field is unexpected.
        return uploadFailed(err.field === FILE_FIELD ? messages.tooManyFiles : messages.unexpectedField);
      case 'LIMIT_PART_COUNT':
      case 'LIMIT_FIELD_COUNT':
        return uploadFailed(messages.tooManyFields);
      case 'LIMIT_FIELD_KEY':
      case 'LIMIT_FIELD_VALUE':
        return uploadFailed(messages.fieldTooLong);
      case 'MISSING_FIELD_NAME':
      case 'LIMIT_FIELD_NESTING':
      case 'LIMIT_FIELD_ARRAY_INDEX':
      case 'INVALID_FIELD_NAME':
        return uploadFailed(messages.badFieldName);
      default:
        return uploadFailed(messages.malformed);
    }
  }
  // busboy's own errors (no boundary, malformed part header, unexpected end of form) and an
  // aborted request: the body could not be read as a form.
  return uploadFailed(messages.malformed);
}

/** Wraps a multer middleware so that whatever it fails with reaches `next` as a typed error. */
export function handleUploadErrors(parser: RequestHandler, tooLargeMessage: string): RequestHandler {
  return (req, res, next) => {
    parser(req, res, (err?: unknown) => {
      if (err === undefined || err === null) {
        next();
        return;
      }
      next(toUploadError(err, tooLargeMessage));
    });
  };
}

/** Reads the rest of the body into nothing, then calls `then` once (also when the client goes away). */
function afterDraining(req: Request, then: () => void): void {
  if (req.readableEnded || req.destroyed) {
    then();
    return;
  }
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    then();
  };
  req.once('end', once);
  req.once('close', once);
  req.once('error', once);
  req.resume();
}

/**
 * A middleware accepting one file in `field` (`file` unless named) within the given limits. A request whose declared
 * length cannot fit a file of READABLE_FACTOR times the limit is drained without parsing and
 * answered 413; a smaller file over the limit is read, dropped and answered 413 with the fields.
 */
export function createUpload(
  limits: UploadLimits,
  field: string = FILE_FIELD,
  keep: 'memory' | 'disk' = 'memory',
): RequestHandler {
  const readable = limits.fileSize * READABLE_FACTOR;
  const parser = multer({
    storage: keep === 'disk' ? new BoundedDiskStorage(limits.fileSize) : new BoundedMemoryStorage(limits.fileSize),
    // File names in Turkish arrive as UTF-8; only ever used for display, never for storage.
    defParamCharset: 'utf8',
    limits: {
      fileSize: readable,
      files: 1,
      fields: limits.fields,
      fieldSize: limits.fieldSize,
      fieldNameSize: 100,
      // The file and the fields, one to spare (a browser sends an empty file part when no file
      // is chosen); the fields and files limits are the precise ones, this is the backstop.
      parts: limits.fields + 2,
      headerPairs: 20,
      // Our forms use flat names; deep `a[b][c]` names or huge `a[99999]` indexes are refused.
      fieldNestingDepth: 1,
      fieldArrayIndexLimit: 100,
    },
  }).single(field);
  const wrapped = handleUploadErrors(parser, limits.tooLargeMessage);
  const maxBody = readable + limits.fields * (limits.fieldSize + PART_ENVELOPE_BYTES) + ENVELOPE_BYTES;
  return (req, res, next) => {
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBody) {
      afterDraining(req, () => next(new FileTooLargeError(limits.tooLargeMessage)));
      return;
    }
    wrapped(req, res, (err?: unknown) => {
      removeWhenAnswered(req, res);
      if (err === undefined && req.file && req.file.size > limits.fileSize) {
        req.file = undefined;
        next(new FileTooLargeError(limits.tooLargeMessage));
        return;
      }
      next(err);
    });
  };
}

// The owner's files wait on disk, not in memory: four 12-megapixel photos at once cost a few
// megabytes, not four copies (docs/architecture.md, Memory).
/** Profile and cover photos: 5 MB, crop fields beside the file. */
export const photoUpload: RequestHandler = createUpload(PHOTO_LIMITS, FILE_FIELD, 'disk');
/** Catalog files: 10 MB, with the add-link form's text fields. */
export const catalogUpload: RequestHandler = createUpload(CATALOG_LIMITS, FILE_FIELD, 'disk');
/** Page background images: 5 MB. */
export const backgroundUpload: RequestHandler = createUpload(BACKGROUND_LIMITS, FILE_FIELD, 'disk');
