import type { Request } from 'express';
import { ValidationError } from '../errors.js';

/** The form field that carries the file, on every upload form. */
export const FILE_FIELD = 'file';

const noFile = 'Dosya seçilmedi';

/** The uploaded file, or 422 'Dosya seçilmedi' when the form came without one. */
export function requireFile(req: Request): Express.Multer.File {
  const file = req.file;
  if (!file || file.fieldname !== FILE_FIELD || !file.buffer) {
    throw new ValidationError({ [FILE_FIELD]: noFile });
  }
  return file;
}
