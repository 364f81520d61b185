import type { RequestHandler } from 'express';
import { LOGO_FIELD } from '../media/logo-image.js';
import { IMAGE_UPLOAD_MAX_BYTES } from '../shared/upload-limits.js';
import { createUpload, type UploadLimits } from './upload.js';

/**
 * The brand settings form: the logo (5 MB, like the photos) and its three text fields plus the CSRF token and the
 * remove box.
 */
export const LOGO_LIMITS: UploadLimits = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  fields: 10,
  fieldSize: 4096,
  tooLargeMessage: "Logo dosyası 5MB'tan küçük olmalıdır",
};

export const logoUpload: RequestHandler = createUpload(LOGO_LIMITS, LOGO_FIELD);
