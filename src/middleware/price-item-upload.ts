import type { RequestHandler } from 'express';
import { FILE_FIELD } from '../http/uploaded-file.js';
import { IMAGE_UPLOAD_MAX_BYTES } from '../shared/upload-limits.js';
import { createUpload, type UploadLimits } from './upload.js';

/**
 * The price list item's form (docs/product.md, Price list): multipart, because of its optional
 * photo (5 MB, waiting on disk like the other photos), beside its fields: category, name,
 * description, price, the switches, "remove the photo" and up to 18 ticked labels.
 */
export const PRICE_ITEM_LIMITS: UploadLimits = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  fields: 30,
  fieldSize: 4096,
  tooLargeMessage: "Fotoğraf 5MB'tan küçük olmalıdır",
};

export const priceItemUpload: RequestHandler = createUpload(PRICE_ITEM_LIMITS, FILE_FIELD, 'disk');
