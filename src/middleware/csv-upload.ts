/**
 * The bulk import's two bodies: the uploaded CSV (multipart, one file in `file`), and the
 * confirmation form, which carries the same file's bytes back (base64url) to be read again.
 */
import express, { type RequestHandler } from 'express';
import { createUpload, type UploadLimits } from './upload.js';
import { IMPORT_MAX_BYTES, messages } from '../validation/customer-import.validation.js';

export const CSV_LIMITS: UploadLimits = {
  fileSize: IMPORT_MAX_BYTES,
  fields: 5,
  fieldSize: 1024,
  tooLargeMessage: messages.tooLarge,
};

export const csvUpload: RequestHandler = createUpload(CSV_LIMITS);

/** Room for the largest file as base64url (4/3 of its bytes, never percent-encoded) and the slugs. */
const confirmParser = express.urlencoded({ extended: false, limit: '2mb', parameterLimit: 10 });

export const importConfirmForm: RequestHandler[] = [
  confirmParser,
  (req, _res, next) => {
    req.body ??= {};
    next();
  },
];
