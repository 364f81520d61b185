import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import { ValidationError } from '../errors.js';

/** The form field that carries the file, on every upload form. */
export const FILE_FIELD = 'file';

const noFile = 'Dosya seçilmedi';

/**
 * The uploaded file, or 422 'Dosya seçilmedi' when the form came without one. It is in memory
 * (`buffer`) or in a temporary file (`path`), as its route's parser keeps it (middleware/upload.ts).
 */
export function requireFile(req: Request): Express.Multer.File {
  const file = req.file;
  if (!file || file.fieldname !== FILE_FIELD || (!file.buffer && !file.path)) {
    throw new ValidationError({ [FILE_FIELD]: noFile });
  }
  return file;
}

/** What an image pipeline opens: the temporary file's path, else the bytes in memory. */
export function uploadSource(file: Express.Multer.File): Buffer | string {
  return file.path ?? file.buffer;
}

/** The file's bytes, read from its temporary file when it has one. */
export async function uploadBytes(file: Express.Multer.File): Promise<Buffer> {
  return file.path ? readFile(file.path) : file.buffer;
}
